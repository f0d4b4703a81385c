//! A loopy sum as written, solved, and analysed: the one answer of every front end.

use std::fmt;
use std::sync::Arc;

use serde::Serialize;

use super::ended::{self, EndedRules};
use super::explore::Explored;
use super::family::{parse_rules, split_terms};
use super::rules::{LoopyPosition, LoopyRules};
use super::strategy::{self, SumMove, Token};
use super::{Gamma, Outcome, SumValue};
use crate::kernel::budget;
use crate::kernel::error::{GameError, Result};

/// The most tokens (components) a loopy sum may hold.
pub const MAX_TOKENS: usize = 64;

/// One term of a loopy sum: its rules and the positions it lists.
#[derive(Debug, Clone)]
pub struct LoopyPart {
    /// The rules.
    pub rules: Arc<dyn LoopyRules>,
    /// The positions, one per component.
    pub positions: Vec<LoopyPosition>,
}

/// A sum of loopy components as written: `digraph{0>1,1>0}:0 + windup{5;1,3}:1`.
#[derive(Debug, Clone)]
pub struct LoopySum {
    /// The terms.
    pub parts: Vec<LoopyPart>,
}

impl LoopySum {
    /// Reads a sum of terms (see [`super::family`]).
    pub fn parse(text: &str) -> Result<Self> {
        let mut parts = Vec::new();
        for term in split_terms(text) {
            // A game that ends, beside the loopy ones (`nim:1`): valued by its own engine.
            if let Some(read) = EndedRules::read(term) {
                let (rules, positions) = read?;
                parts.push(LoopyPart {
                    rules: Arc::new(rules),
                    positions,
                });
                continue;
            }
            let (rules, list) = term.rsplit_once(':').ok_or_else(|| {
                GameError::invalid(
                    "loopy term",
                    term.trim(),
                    "RULES:POSITIONS, e.g. digraph{0>1,1>0,0>2}:0 or windup{5;1,3}:1",
                )
            })?;
            let rules = parse_rules(rules)?;
            let positions = rules.parse_positions(list)?;
            parts.push(LoopyPart { rules, positions });
        }
        let sum = LoopySum { parts };
        let tokens: usize = sum.parts.iter().map(|p| p.positions.len()).sum();
        if tokens > MAX_TOKENS {
            return Err(GameError::out_of_range(
                "number of loopy components",
                tokens,
                format!("at most {MAX_TOKENS}"),
            ));
        }
        Ok(sum)
    }

    /// The sum in the text format (reads back as the same sum).
    pub fn to_terms(&self) -> String {
        let mut terms = Vec::new();
        for part in &self.parts {
            terms.extend(part.rules.terms(&part.positions));
        }
        terms.join(" + ")
    }

    /// Explores and labels each term's graph. Within a question's budget
    /// ([`crate::kernel::budget::within`], as `answer::loopy` installs it) the exploration and
    /// the labelling look at it every few milliseconds, and a refusal names the term.
    pub fn solve(&self) -> Result<LoopyGame> {
        let mut game = LoopyGame {
            rules: Vec::new(),
            explored: Vec::new(),
            tokens: Vec::new(),
        };
        for (i, part) in self.parts.iter().enumerate() {
            let name = || {
                let terms = part.rules.terms(&part.positions).join(" + ");
                format!("term {} ({terms})", i + 1)
            };
            // A game that ends: one star per component, valued one move ahead.
            if part.rules.ends() {
                for p in &part.positions {
                    let star = budget::in_part(name, || ended::star(part.rules.as_ref(), p))?;
                    game.tokens.push((game.explored.len(), 0));
                    game.explored.push(star);
                    game.rules.push(part.rules.clone());
                }
                continue;
            }
            let graph = budget::in_part(name, || {
                Explored::from_roots(part.rules.as_ref(), &part.rules.roots(&part.positions))
            })?;
            for p in &part.positions {
                let at = graph.number(p).expect("a root is explored");
                game.tokens.push((game.explored.len(), at));
            }
            game.explored.push(graph);
            game.rules.push(part.rules.clone());
        }
        Ok(game)
    }

    /// The analysis of the sum (solves it).
    pub fn analyze(&self) -> Result<LoopyReport> {
        Ok(self.solve()?.report())
    }
}

/// A loopy sum with its graphs explored and labelled, at some position: what a play session
/// keeps, so that the strategy follows one labelling from start to end.
#[derive(Debug, Clone)]
pub struct LoopyGame {
    rules: Vec<Arc<dyn LoopyRules>>,
    explored: Vec<Explored>,
    tokens: Vec<Token>,
}

impl LoopyGame {
    /// The value of the sum now.
    pub fn value(&self) -> SumValue {
        strategy::value(&self.explored, &self.tokens)
    }

    /// The outcome now.
    pub fn outcome(&self) -> Outcome {
        self.value().outcome()
    }

    /// The position now, as a sum in the text format.
    pub fn to_terms(&self) -> String {
        self.sum_at(&self.tokens).to_terms()
    }

    /// The position now, as numbers (for noticing a repetition): each token's graph and its
    /// position there.
    pub fn key(&self) -> Vec<(usize, LoopyPosition)> {
        self.tokens
            .iter()
            .map(|&(g, at)| (g, self.explored[g].positions[at as usize].clone()))
            .collect()
    }

    /// Every legal move now.
    pub fn moves(&self) -> Vec<LoopyMove> {
        strategy::moves(&self.explored, &self.tokens)
            .into_iter()
            .map(|mv| self.describe(mv))
            .collect()
    }

    /// The move perfect play makes now ([`strategy::best_move`]).
    pub fn best_move(&self) -> Option<LoopyMove> {
        strategy::best_move(&self.explored, &self.tokens).map(|mv| self.describe(mv))
    }

    /// The move of component `component` (from 0) to the position `to` (its numbers: a
    /// vertex, a heap, the heaps of a Fair Shares position in any order), or why there is none.
    pub fn find_move(&self, component: usize, to: &[u64]) -> Result<LoopyMove> {
        let Some(&(g, _)) = self.tokens.get(component) else {
            return Err(GameError::IllegalMove(format!(
                "there is no component {}: the position has {}, numbered from 0",
                component,
                self.tokens.len()
            )));
        };
        let mut wanted = to.to_vec();
        let mut found = None;
        for mv in strategy::moves(&self.explored, &self.tokens) {
            if mv.token != component {
                continue;
            }
            let mut at = self.rules[g].numbers(&self.explored[g].positions[mv.to as usize]);
            at.sort_unstable();
            wanted.sort_unstable();
            if at == wanted {
                found = Some(mv);
                break;
            }
        }
        found.map(|mv| self.describe(mv)).ok_or_else(|| {
            GameError::IllegalMove(format!(
                "component {component} cannot move to {to:?}: see its moves in POST /api/moves"
            ))
        })
    }

    /// Plays `mv` (one of [`LoopyGame::moves`]). A component of a game that ends is valued
    /// again at its new position (its star: [`super::ended`]).
    pub fn play(&mut self, mv: &LoopyMove) -> Result<()> {
        let legal = strategy::moves(&self.explored, &self.tokens)
            .into_iter()
            .find(|m| m.token + 1 == mv.component && self.shown(m.token, m.to) == mv.to)
            .ok_or_else(|| GameError::IllegalMove(format!("{} is not a move here", mv.words)))?;
        self.tokens = strategy::after(&self.tokens, legal);
        let (g, at) = self.tokens[legal.token];
        if self.rules[g].ends() {
            let position = self.explored[g].positions[at as usize].clone();
            self.explored[g] = ended::star(self.rules[g].as_ref(), &position)?;
            self.tokens[legal.token].1 = 0;
        }
        Ok(())
    }

    /// The analysis of the position now.
    pub fn report(&self) -> LoopyReport {
        let value = self.value();
        let outcome = value.outcome();
        let (moves_are, moves) = match outcome {
            Outcome::N => (
                "winning",
                strategy::moves_to(&self.explored, &self.tokens, Outcome::P),
            ),
            Outcome::Draw => (
                "drawing",
                strategy::moves_to(&self.explored, &self.tokens, Outcome::Draw),
            ),
            Outcome::P => ("none", Vec::new()),
        };
        LoopyReport {
            position: self.to_terms(),
            value_text: value.to_string(),
            value,
            outcome,
            outcome_text: outcome.to_string(),
            components: self.components(),
            moves_are,
            moves: moves.into_iter().map(|mv| self.describe(mv)).collect(),
            best: self.best_move(),
            graphs: self.graphs(),
        }
    }

    fn components(&self) -> Vec<LoopyComponent> {
        self.tokens
            .iter()
            .map(|&(g, at)| {
                let rules = &self.rules[g];
                let value = self.explored[g].solved.gamma.value(at).clone();
                LoopyComponent {
                    term: rules.term(),
                    title: rules.title(),
                    noun: rules.noun(),
                    position: rules.show(&self.explored[g].positions[at as usize]),
                    value_text: value.to_string(),
                    outcome: value.outcome(),
                    value,
                }
            })
            .collect()
    }

    fn graphs(&self) -> Vec<GraphScope> {
        self.rules
            .iter()
            .zip(&self.explored)
            .filter(|(rules, _)| !rules.ends())
            .map(|(rules, explored)| GraphScope {
                term: rules.term(),
                positions: explored.positions.len(),
                moves: explored.solved.graph.move_count(),
                stages: explored.solved.gamma.stages(),
                proven: rules.scope(&explored.positions, explored.solved.graph.move_count()),
                edges: rules.drawn_edges(),
            })
            .collect()
    }

    fn shown(&self, token: usize, at: u32) -> String {
        let g = self.tokens[token].0;
        self.rules[g].show(&self.explored[g].positions[at as usize])
    }

    fn describe(&self, mv: SumMove) -> LoopyMove {
        let (g, from) = self.tokens[mv.token];
        let rules = &self.rules[g];
        let positions = &self.explored[g].positions;
        let after = strategy::after(&self.tokens, mv);
        LoopyMove {
            component: mv.token + 1,
            noun: rules.noun(),
            from: rules.show(&positions[from as usize]),
            to: rules.show(&positions[mv.to as usize]),
            words: rules.describe_move(&positions[from as usize], &positions[mv.to as usize]),
            after: self.sum_at(&after).to_terms(),
            value_after: strategy::value(&self.explored, &after).to_string(),
        }
    }

    /// The sum as written with the tokens at `tokens`.
    fn sum_at(&self, tokens: &[Token]) -> LoopySum {
        let mut parts: Vec<LoopyPart> = self
            .rules
            .iter()
            .map(|rules| LoopyPart {
                rules: rules.clone(),
                positions: Vec::new(),
            })
            .collect();
        for &(g, at) in tokens {
            parts[g]
                .positions
                .push(self.explored[g].positions[at as usize].clone());
        }
        parts.retain(|p| !p.positions.is_empty());
        LoopySum { parts }
    }
}

/// The analysis of a loopy sum: value, outcome, the moves that win or keep the draw, and what
/// the explored graphs prove.
#[derive(Debug, Clone, Serialize)]
pub struct LoopyReport {
    /// The position in the text format.
    pub position: String,
    /// The value of the sum by Smith's rule.
    pub value: SumValue,
    /// The value written, e.g. `∞{0,2}`.
    pub value_text: String,
    /// Who wins.
    pub outcome: Outcome,
    /// The outcome in words.
    pub outcome_text: String,
    /// Each component with its value.
    pub components: Vec<LoopyComponent>,
    /// What [`LoopyReport::moves`] are: `winning`, `drawing` or `none` (a P-position).
    pub moves_are: &'static str,
    /// The winning moves (to a P-position) of an N-position, or the moves that keep a draw.
    pub moves: Vec<LoopyMove>,
    /// The move the strategy plays (the winning move that provably ends the play).
    pub best: Option<LoopyMove>,
    /// Each term's explored graph and what it proves.
    pub graphs: Vec<GraphScope>,
}

/// One component of a loopy sum.
#[derive(Debug, Clone, Serialize)]
pub struct LoopyComponent {
    /// Its rules' term.
    pub term: String,
    /// Its rules' title.
    pub title: String,
    /// What it is called.
    pub noun: &'static str,
    /// Its position.
    pub position: String,
    /// γ.
    pub value: Gamma,
    /// γ written.
    pub value_text: String,
    /// Its outcome alone.
    pub outcome: Outcome,
}

/// A move of a loopy sum.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LoopyMove {
    /// The component moved, counted from 1.
    pub component: usize,
    /// What the component is called.
    pub noun: &'static str,
    /// Its position before.
    pub from: String,
    /// Its position after.
    pub to: String,
    /// The move in words.
    pub words: String,
    /// The whole sum after the move, in the text format.
    pub after: String,
    /// The sum's value after the move.
    pub value_after: String,
}

impl fmt::Display for LoopyMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}: {}", self.noun, self.component, self.words)
    }
}

/// A term's explored graph.
#[derive(Debug, Clone, Serialize)]
pub struct GraphScope {
    /// The rules' term.
    pub term: String,
    /// Positions explored.
    pub positions: usize,
    /// Moves explored.
    pub moves: usize,
    /// Stages of the labelling.
    pub stages: u64,
    /// What the graph proves, in a sentence.
    pub proven: String,
    /// The edges of a drawn graph (the digraph), for the page.
    pub edges: Option<Vec<(u64, u64)>>,
}
