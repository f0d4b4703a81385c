//! The rulesets' tests that need a layer above the rulesets: positions read in the text format
//! (`spec`), moves typed as a player types them (`play`) or the analysis every door prints
//! (`report`). Each file tests the ruleset its name says, through its public interface; the
//! rest of each ruleset's tests stay beside it in `grundy-games`.

mod acrostic;
mod coins;
mod hackenbush;
mod moore;
mod tartan;
