//! The engines' tests that need a layer above the engines: positions read in the text format
//! (`spec`), particular rulesets (`games`) or the registry. Each file tests the engine module
//! its name says, through its public interface.

mod certificate;
mod explain;
mod explain_columns;
mod misere_game;
mod sequence_report;
mod strategy;
mod strategy_move_values;
mod sum;
