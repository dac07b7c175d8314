//! Monte Carlo tree search for Blokus (both seasons): UCT with RAVE (all-moves-as-first
//! values of the moves a colour played later in the same simulation), a progressive bias
//! from a cheap heuristic prior (piece size, own corners gained, opposing corners taken),
//! progressive widening in prior order, light playouts (largest pieces first, random
//! placement), and tree reuse: the next search starts from the node of the new position if
//! the old tree reached it.
//!
//! Rewards are per team: a won game is worth 0.8 plus up to 0.2 for the point margin, so
//! the search prefers clear wins and, when losing, small losses.

use std::time::{Duration, Instant};

use super::shapes::{shape_size, tables};
use super::state::{diagonal_neighbours, split, Move, Rows, State, FULL, SIZE, SKIP};
use crate::rng::SplitMix64;

/// Search parameters.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// UCT exploration constant.
    pub exploration: f32,
    /// RAVE equivalence: visits at which the tree value and the AMAF value weigh equally.
    pub rave_equivalence: f32,
    /// Weight of the heuristic prior (decays as 1 / (visits + 1)).
    pub prior_weight: f32,
    /// Children open to selection: `widen_base + widen_factor * sqrt(visits)`.
    pub widen_base: f32,
    pub widen_factor: f32,
    /// Upper bound on tree nodes (memory bound); beyond it leaves are not expanded.
    pub max_nodes: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            exploration: 0.25,
            rave_equivalence: 400.0,
            prior_weight: 0.5,
            widen_base: 6.0,
            widen_factor: 2.0,
            max_nodes: 2_000_000,
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Node {
    mv: Move,
    /// Colour that played `mv`.
    mover: u8,
    expanded: bool,
    first_child: u32,
    child_count: u32,
    visits: u32,
    wins: f32,
    amaf_visits: u32,
    amaf_wins: f32,
    prior: f32,
    /// Position hash after `mv` (0 until the node is first reached).
    hash: u64,
}

impl Node {
    fn new(mv: Move, mover: u8, prior: f32) -> Self {
        Node {
            mv,
            mover,
            expanded: false,
            first_child: 0,
            child_count: 0,
            visits: 0,
            wins: 0.0,
            amaf_visits: 0,
            amaf_wins: 0.0,
            prior,
            hash: 0,
        }
    }
}

/// What one search did.
#[derive(Clone, Copy, Debug, Default)]
pub struct SearchReport {
    pub best: Move,
    pub iterations: u64,
    /// Root visits carried over from the previous search (tree reuse).
    pub reused_visits: u32,
    pub nodes: usize,
}

/// Iterations between two checks whether the root's choice is already decided (a search
/// with a deadline stops early when the iterations it has left, at its rate so far, cannot
/// let the second most visited move overtake the first: the same move, sooner).
const DECIDED_CHECK_EVERY: u64 = 64;

/// Whether a root whose most visited move leads by `lead` visits is decided: `done`
/// iterations took `spent`, and the iterations that fit in `left` at that rate could not let
/// another move overtake it. A root with a single move (`lead` [`u32::MAX`]) is decided.
fn decided(lead: u32, done: u64, spent: Duration, left: Duration) -> bool {
    if lead == u32::MAX {
        return true;
    }
    let rate = done as f64 / spent.as_secs_f64().max(f64::MIN_POSITIVE);
    f64::from(lead) > rate * left.as_secs_f64()
}

const STAMP_SLOTS: usize = 4 * 91 * 400;

/// A search that keeps its tree between moves.
pub struct Searcher {
    pub config: Config,
    nodes: Vec<Node>,
    rng: SplitMix64,
    /// Per (colour, placement): the simulation that played it and at which depth.
    stamp_sim: Vec<u32>,
    stamp_depth: Vec<u16>,
    simulation: u32,
    scratch: Vec<Move>,
    fits: Vec<(u32, u8)>,
}

fn stamp_slot(colour: u8, mv: Move) -> usize {
    colour as usize * 36_400 + mv as usize
}

/// The reward of a finished game for team ONE and team TWO.
pub fn rewards(state: &State) -> [f32; 2] {
    let [one, two] = state.team_points();
    let margin = ((one as f32 - two as f32) / 40.0).clamp(-1.0, 1.0);
    let one_reward = match one.cmp(&two) {
        std::cmp::Ordering::Greater => 0.8 + 0.1 + 0.1 * margin,
        std::cmp::Ordering::Less => 0.1 + 0.1 * margin,
        std::cmp::Ordering::Equal => 0.5,
    };
    [one_reward, 1.0 - one_reward]
}

/// Heuristic value of placing `mv` for `colour`: its size, the corners it opens for the
/// colour, and the opposing corners it takes.
fn heuristic(state: &State, colour: usize, mv: Move, opposing_targets: &Rows) -> f32 {
    if mv == SKIP {
        return 0.0;
    }
    let (index, x, y) = split(mv);
    let o = &tables().orientations[index];
    let mut own = state.own[colour];
    let mut occupied = state.occupied;
    let mut blocked = 0;
    for row in 0..o.height as usize {
        let bits = o.rows[row] << x;
        own[y + row] |= bits;
        occupied[y + row] |= bits;
        blocked += (bits & opposing_targets[y + row]).count_ones();
    }
    let diagonal = diagonal_neighbours(&own);
    let edge = super::state::edge_neighbours(&own);
    let mut anchors = 0;
    for row in 0..SIZE {
        anchors += (diagonal[row] & !(occupied[row] | edge[row]) & FULL).count_ones();
    }
    shape_size(o.shape as usize) as f32 + 0.3 * anchors as f32 + 0.7 * blocked as f32
}

impl Searcher {
    pub fn new(config: Config, seed: u64) -> Self {
        Searcher {
            config,
            nodes: Vec::new(),
            rng: SplitMix64::new(seed),
            stamp_sim: vec![0; STAMP_SLOTS],
            stamp_depth: vec![0; STAMP_SLOTS],
            simulation: 0,
            scratch: Vec::new(),
            fits: Vec::new(),
        }
    }

    /// Nodes in the tree.
    pub fn tree_size(&self) -> usize {
        self.nodes.len()
    }

    /// The root for `state`: the old tree's node of this position (within four plies of
    /// the old root) moved to the front, or a fresh root.
    fn prepare_root(&mut self, state: &State) -> u32 {
        let hash = state.hash();
        let mut found = None;
        if !self.nodes.is_empty() {
            let mut frontier = vec![0u32];
            'search: for _ in 0..=4 {
                let mut next = Vec::new();
                for &index in &frontier {
                    let node = self.nodes[index as usize];
                    if node.hash == hash && node.visits > 0 {
                        found = Some(index);
                        break 'search;
                    }
                    if node.expanded {
                        next.extend(node.first_child..node.first_child + node.child_count);
                    }
                }
                frontier = next;
            }
        }
        match found {
            Some(index) => self.compact(index),
            None => {
                self.nodes.clear();
                let mut root = Node::new(SKIP, 0, 0.0);
                root.hash = hash;
                self.nodes.push(root);
            }
        }
        self.nodes[0].visits
    }

    /// Keep only the subtree under `index`, with it as node 0 (children stay contiguous).
    fn compact(&mut self, index: u32) {
        let old = std::mem::take(&mut self.nodes);
        let mut fresh = Vec::with_capacity(old.len() / 4 + 1);
        fresh.push(old[index as usize]);
        let mut cursor = 0;
        while cursor < fresh.len() {
            let node = fresh[cursor];
            if node.expanded {
                let start = fresh.len() as u32;
                let range =
                    node.first_child as usize..(node.first_child + node.child_count) as usize;
                fresh.extend_from_slice(&old[range]);
                fresh[cursor].first_child = start;
            }
            cursor += 1;
        }
        self.nodes = fresh;
    }

    fn expand(&mut self, index: usize, state: &State) {
        let colour = state.current_colour();
        let mut moves = std::mem::take(&mut self.scratch);
        state.placements(colour, &mut moves);
        if moves.is_empty() {
            moves.push(SKIP);
        }
        let mut opposing = [0u32; SIZE];
        for other in [(colour + 1) % 4, (colour + 3) % 4] {
            if state.valid >> other & 1 == 1 {
                let g = state.generation(other);
                for (row, targets) in opposing.iter_mut().zip(g.targets) {
                    *row |= targets;
                }
            }
        }
        let mut children: Vec<Node> = moves
            .iter()
            .map(|&mv| Node::new(mv, colour as u8, heuristic(state, colour, mv, &opposing)))
            .collect();
        let best = children.iter().map(|c| c.prior).fold(f32::MIN, f32::max);
        let scale = if best > 0.0 { 1.0 / best } else { 0.0 };
        for child in &mut children {
            child.prior *= scale;
        }
        children.sort_by(|a, b| b.prior.total_cmp(&a.prior));
        self.nodes[index].first_child = self.nodes.len() as u32;
        self.nodes[index].child_count = children.len() as u32;
        self.nodes[index].expanded = true;
        self.nodes.extend_from_slice(&children);
        self.scratch = moves;
    }

    fn select(&self, index: usize) -> usize {
        let node = &self.nodes[index];
        let c = &self.config;
        let open = (c.widen_base + c.widen_factor * (node.visits as f32).sqrt()) as u32;
        let open = open.clamp(1, node.child_count);
        let log_n = ((node.visits + 1) as f32).ln();
        let mut best = node.first_child as usize;
        let mut best_value = f32::MIN;
        for child_index in node.first_child as usize..(node.first_child + open) as usize {
            let child = &self.nodes[child_index];
            let n = child.visits as f32;
            let amaf = if child.amaf_visits > 0 {
                child.amaf_wins / child.amaf_visits as f32
            } else {
                0.5
            };
            let q = if child.visits > 0 {
                child.wins / n
            } else {
                amaf
            };
            let beta = (c.rave_equivalence / (3.0 * n + c.rave_equivalence)).sqrt();
            let value = (1.0 - beta) * q
                + beta * amaf
                + c.exploration * (log_n / (n + 1.0)).sqrt()
                + c.prior_weight * child.prior / (n + 1.0);
            if value > best_value {
                best_value = value;
                best = child_index;
            }
        }
        best
    }

    /// A playout move: the largest shapes first, a random orientation order within them, a
    /// random placement of the first orientation that fits.
    pub fn playout_move(&mut self, state: &State) -> Move {
        let colour = state.current_colour();
        let g = state.generation(colour);
        if g.lo > g.hi {
            return SKIP;
        }
        let t = tables();
        for size in (1..=5u32).rev() {
            let mut indices: [u8; 64] = [0; 64];
            let mut n = 0;
            let mut shapes = g.shapes;
            while shapes != 0 {
                let shape = shapes.trailing_zeros() as usize;
                shapes &= shapes - 1;
                if shape_size(shape) == size {
                    let (start, end) = t.shape_range[shape];
                    for index in start..end {
                        indices[n] = index;
                        n += 1;
                    }
                }
            }
            while n > 0 {
                let pick = self.rng.below(n);
                let index = indices[pick] as usize;
                indices[pick] = indices[n - 1];
                n -= 1;
                g.orientation_fits(index, &mut self.fits);
                let total: u32 = self.fits.iter().map(|(bits, _)| bits.count_ones()).sum();
                if total == 0 {
                    continue;
                }
                let mut k = self.rng.below(total as usize) as u32;
                for &(mut bits, y) in &self.fits {
                    let here = bits.count_ones();
                    if k < here {
                        for _ in 0..k {
                            bits &= bits - 1;
                        }
                        let x = bits.trailing_zeros() as usize;
                        return super::state::placement(index, x, y as usize);
                    }
                    k -= here;
                }
            }
        }
        SKIP
    }

    /// Play a light random game from `state` to its end, marking the moves for RAVE.
    pub fn playout(&mut self, state: &mut State, depth: usize) {
        let mut depth = depth;
        while !state.is_terminal() {
            let colour = state.current_colour() as u8;
            let mv = self.playout_move(state);
            if mv != SKIP {
                self.mark(colour, mv, depth);
            }
            state.apply(mv);
            depth += 1;
        }
    }

    fn mark(&mut self, colour: u8, mv: Move, depth: usize) {
        let slot = stamp_slot(colour, mv);
        if self.stamp_sim[slot] != self.simulation {
            self.stamp_sim[slot] = self.simulation;
            self.stamp_depth[slot] = depth.min(u16::MAX as usize) as u16;
        }
    }

    fn iterate(&mut self, root: &State, path: &mut Vec<usize>) {
        self.simulation = self.simulation.wrapping_add(1).max(1);
        path.clear();
        let mut state = root.clone();
        let mut index = 0usize;
        path.push(index);
        loop {
            if state.is_terminal() {
                break;
            }
            if !self.nodes[index].expanded {
                let may_expand = self.nodes.len() < self.config.max_nodes;
                if may_expand && (index == 0 || self.nodes[index].visits > 0) {
                    self.expand(index, &state);
                } else {
                    break;
                }
            }
            let child = self.select(index);
            let (mv, mover) = (self.nodes[child].mv, self.nodes[child].mover);
            if mv != SKIP {
                self.mark(mover, mv, path.len() - 1);
            }
            state.apply(mv);
            if self.nodes[child].hash == 0 {
                self.nodes[child].hash = state.hash();
            }
            index = child;
            path.push(index);
            if self.nodes[index].visits == 0 {
                break;
            }
        }
        let depth = path.len() - 1;
        self.playout(&mut state, depth);
        let reward = rewards(&state);
        for (depth, &node_index) in path.iter().enumerate() {
            let node = &mut self.nodes[node_index];
            node.visits += 1;
            node.wins += reward[State::team_of(node.mover as usize)];
            if !node.expanded {
                continue;
            }
            let (first, count) = (node.first_child as usize, node.child_count as usize);
            for child in &mut self.nodes[first..first + count] {
                if child.mv == SKIP {
                    continue;
                }
                let slot = stamp_slot(child.mover, child.mv);
                if self.stamp_sim[slot] == self.simulation
                    && self.stamp_depth[slot] as usize >= depth
                {
                    child.amaf_visits += 1;
                    child.amaf_wins += reward[State::team_of(child.mover as usize)];
                }
            }
        }
    }

    /// How many visits the most visited root move leads the second by (all of them when the
    /// root has one move): a search with fewer iterations left cannot change its choice.
    fn root_lead(&self) -> u32 {
        let root = self.nodes[0];
        let (mut first, mut second) = (0, 0);
        for child in &self.nodes[root.first_child as usize..][..root.child_count as usize] {
            if child.visits > first {
                second = first;
                first = child.visits;
            } else if child.visits > second {
                second = child.visits;
            }
        }
        if root.child_count <= 1 {
            return u32::MAX;
        }
        first - second
    }

    /// Search `state` until `deadline` (at least one iteration) or `max_iterations`; the
    /// most visited root move.
    pub fn search(
        &mut self,
        state: &State,
        deadline: Option<Instant>,
        max_iterations: u64,
    ) -> SearchReport {
        let reused_visits = self.prepare_root(state);
        let started = Instant::now();
        let mut path = Vec::new();
        let mut iterations = 0;
        while iterations < max_iterations.max(1) {
            self.iterate(state, &mut path);
            iterations += 1;
            let Some(deadline) = deadline else { continue };
            let now = Instant::now();
            if now >= deadline {
                break;
            }
            if iterations % DECIDED_CHECK_EVERY == 0
                && decided(
                    self.root_lead(),
                    iterations,
                    now.duration_since(started),
                    deadline.duration_since(now),
                )
            {
                break;
            }
        }
        let root = self.nodes[0];
        let best = (root.first_child..root.first_child + root.child_count)
            .max_by_key(|&c| self.nodes[c as usize].visits)
            .map_or(SKIP, |c| self.nodes[c as usize].mv);
        SearchReport {
            best,
            iterations,
            reused_visits,
            nodes: self.nodes.len(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::state::Season;
    use super::*;

    #[test]
    fn the_search_returns_a_legal_move_and_reuses_its_tree() {
        let mut state = State::new(Season::Y2021, 9);
        let mut searcher = Searcher::new(Config::default(), 1);
        let report = searcher.search(&state, None, 300);
        assert!(state.is_legal(report.best));
        assert_eq!(report.iterations, 300);
        state.apply(report.best);
        let next = searcher.search(&state, None, 10);
        assert!(state.is_legal(next.best));
        assert!(
            next.reused_visits > 0,
            "the tree of the first search was dropped"
        );
    }

    #[test]
    fn a_root_is_decided_when_its_lead_outruns_the_iterations_left() {
        let second = Duration::from_secs(1);
        // 1000 iterations per second, 50 ms left: at most 50 more iterations
        assert!(decided(51, 1000, second, second / 20));
        assert!(!decided(50, 1000, second, second / 20));
        assert!(!decided(10, 1000, second, second));
        // a root with a single move is decided at once
        assert!(decided(u32::MAX, 64, Duration::ZERO, second * 600));
        // no time spent yet: an unbounded rate, nothing is decided
        assert!(!decided(1000, 64, Duration::ZERO, second));
    }

    #[test]
    fn a_search_with_a_deadline_still_returns_a_legal_move() {
        let state = State::new(Season::Y2027, 9);
        let mut searcher = Searcher::new(Config::default(), 4);
        let deadline = Instant::now() + Duration::from_millis(50);
        let report = searcher.search(&state, Some(deadline), u64::MAX);
        assert!(state.is_legal(report.best));
        assert!(report.iterations >= 1);
    }

    #[test]
    fn playouts_end_the_game_with_legal_moves() {
        let mut searcher = Searcher::new(Config::default(), 2);
        let mut state = State::new(Season::Y2027, 19);
        while !state.is_terminal() {
            let mv = searcher.playout_move(&state);
            assert!(state.is_legal(mv), "playout move {mv} is illegal");
            state.apply(mv);
        }
        assert!(state.winner().is_some());
    }

    #[test]
    fn rewards_sum_to_one_and_favour_the_leader() {
        let state = State::new(Season::Y2021, 9);
        assert_eq!(rewards(&state), [0.5, 0.5]);
    }
}
