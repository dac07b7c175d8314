//! Line occupancy ("rotated" bitboards): the 58 lines of the board (10 columns, 10 rows, 19
//! diagonals, 19 anti-diagonals), each as one `u32` word holding seat 0's fish (bits 0..10),
//! seat 1's fish (bits 10..20) and the blocked squares (bits 20..30) in the order of the
//! line, and bit 31 always. A state keeps its words up to date move by move, so the move
//! generator reads a fish's four lines as four small words instead of masking the whole
//! `u128` board: the fish on a line give the jump length `n`, and a table by side, place on
//! the line and `n` holds the bits of the word that forbid the jump up and down the line
//! (an opponent between, an own fish or a blocked square at the target; bit 31 for a target
//! off the line), so a direction's legality is one `and`.

use std::sync::OnceLock;

use super::board::{tables as board_tables, Bits, MAX_MOVES, SIZE, SQUARES};

/// How many lines the board has (10 + 19 + 10 + 19).
pub const LINE_COUNT: usize = 58;
/// Bit offset of the blocked squares in a line word (seats 0 and 1 are at 0 and 10).
const BLOCKED_SHIFT: u32 = 20;
const LINE_BITS: u32 = 0x3FF;

/// The kind of a square's occupant: seat 0's fish, seat 1's fish, or blocked.
pub const SEAT0: usize = 0;
pub const SEAT1: usize = 1;
pub const BLOCKED: usize = 2;

/// Per square and axis (0..4: the directions 0..4 of [`super::board::DIRECTIONS`]): its line,
/// its position along the line (counted in that direction) and where the tests of that place
/// on a line of that length start in [`Tables::tests`].
struct Tables {
    line: [[u8; 4]; TABLE_SQUARES],
    position: [[u8; 4]; TABLE_SQUARES],
    first_test: [[u16; 4]; TABLE_SQUARES],
    /// Per side, place on a line (length and position) and jump length `n` (the fish on the
    /// line): the bits of a line word that forbid the jump, up (along the axis) in the low
    /// half, down in the high half. Forbidding: an opponent strictly between, the side's own
    /// fish or a blocked square at the target; a target off the line is forbidden by
    /// [`ALWAYS`], which every word has.
    tests: [[u64; TESTS]; 2],
    /// Per set of legal jumps (of [`Lines::legal_jumps`]): their directions ascending, the
    /// rest of the eight entries padding (the generator writes eight, keeps as many as legal).
    ascending: [[u16; 8]; 256],
}

/// Entries of the per-square tables: every index a `u128` bit can have, so that a square
/// taken from a bitboard needs no bounds check (the rows past 99 are never read).
const TABLE_SQUARES: usize = 128;
/// Line words stored: a power of two, so a line index (below [`LINE_COUNT`]) needs no bounds
/// check either.
const WORDS: usize = 64;
const _: () = assert!(LINE_COUNT <= WORDS);
/// Places on a line (55 pairs of length 1..=10 and position), padded to a power of two.
const ROWS: usize = 64;
/// Jump lengths 0..=10 (a line holds at most 10 fish), padded to a power of two.
const JUMPS: usize = 16;
/// Entries of a side's [`Tables::tests`]: a place's tests are [`JUMPS`] entries from its first.
const TESTS: usize = ROWS * JUMPS;
/// A bit set in every line word, and the whole test of a jump off the line.
const ALWAYS: u32 = 1 << 31;
/// The fish of both seats in a line word.
const FISH: u32 = LINE_BITS | LINE_BITS << 10;

/// The bits of a line word that forbid a jump of seat `side` from `position` to `target`
/// (`None`: off the line).
fn forbidding(side: usize, position: i32, target: Option<i32>) -> u32 {
    let Some(target) = target else {
        return ALWAYS;
    };
    let (own, opp) = shifts(side);
    let between =
        (position.min(target) + 1..position.max(target)).fold(0u32, |bits, k| bits | 1 << k);
    between << opp | 1 << (target as u32 + own) | 1 << (target as u32 + BLOCKED_SHIFT)
}

fn build() -> Tables {
    let t = board_tables();
    let mut out = Tables {
        line: [[0; 4]; TABLE_SQUARES],
        position: [[0; 4]; TABLE_SQUARES],
        first_test: [[0; 4]; TABLE_SQUARES],
        tests: [[0; TESTS]; 2],
        ascending: [[0; 8]; 256],
    };
    for (legal, directions) in out.ascending.iter_mut().enumerate() {
        // bit 2a + k of a set of legal jumps: direction a + 4k
        let legal_directions = (0..8u16).filter(|&d| legal >> (2 * (d % 4) + d / 4) & 1 == 1);
        for (slot, d) in directions.iter_mut().zip(legal_directions) {
            *slot = d;
        }
    }
    let mut next_line = 0u8;
    // line numbers by (first square, axis), numbered as they are first met
    let mut line_of_start = [u8::MAX; SQUARES * 4];
    let mut rows = 0u8;
    let mut row_of_place = [[u8::MAX; SIZE]; SIZE + 1];
    for s in 0..SQUARES {
        for axis in 0..4 {
            // steps back to the line's first square, and the line's length
            let back = t.max_steps[s][axis + 4];
            let length = usize::from(back) + usize::from(t.max_steps[s][axis]) + 1;
            let start = (s as i32 - i32::from(back) * t.step[axis]) as usize;
            let number = &mut line_of_start[start * 4 + axis];
            if *number == u8::MAX {
                *number = next_line;
                next_line += 1;
            }
            out.line[s][axis] = *number;
            out.position[s][axis] = back;
            let row = &mut row_of_place[length][usize::from(back)];
            if *row == u8::MAX {
                *row = rows;
                let p = i32::from(back);
                let on_line = |target: i32| (0..length as i32).contains(&target).then_some(target);
                for side in 0..2 {
                    for n in 1..=SIZE as i32 {
                        let up = forbidding(side, p, on_line(p + n));
                        let down = forbidding(side, p, on_line(p - n));
                        out.tests[side][usize::from(rows) * JUMPS + n as usize] =
                            u64::from(up) | u64::from(down) << 32;
                    }
                }
                rows += 1;
            }
            out.first_test[s][axis] = u16::from(*row) * JUMPS as u16;
        }
    }
    assert_eq!(usize::from(next_line), LINE_COUNT);
    assert!(usize::from(rows) <= ROWS);
    out
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(build)
}

/// The line words of one position, on whole cache lines (four of 64 bytes, not five).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(align(64))]
pub struct Lines {
    words: [u32; WORDS],
}

impl Lines {
    /// The words of seat 0's fish, seat 1's fish and the blocked squares.
    pub fn new(seat0: Bits, seat1: Bits, blocked: Bits) -> Self {
        let mut lines = Lines {
            words: [ALWAYS; WORDS],
        };
        for (kind, mut rest) in [(SEAT0, seat0), (SEAT1, seat1), (BLOCKED, blocked)] {
            while rest != 0 {
                lines.toggle(rest.trailing_zeros() as usize, kind);
                rest &= rest - 1;
            }
        }
        lines
    }

    /// Put an occupant of `kind` on square `s`, or take it away.
    #[inline]
    pub fn toggle(&mut self, s: usize, kind: usize) {
        let t = tables();
        for axis in 0..4 {
            let bit = 1u32 << (u32::from(t.position[s][axis]) + 10 * kind as u32);
            self.words[usize::from(t.line[s][axis])] ^= bit;
        }
    }

    /// Seat `side`'s fish jumps from `from` to `to`, taking an opponent fish there if
    /// `captures`.
    #[inline]
    pub fn jump(&mut self, side: usize, from: usize, to: usize, captures: bool) {
        self.toggle(from, side);
        if captures {
            self.toggle(to, 1 - side);
        }
        self.toggle(to, side);
    }

    /// The fish on `s` may jump up its axis `a` (bit `2a`) and down it (bit `2a + 1`; the
    /// directions `a` and `a + 4`), with `tests` the jump tests of its side. Branch-free: a
    /// hot path (the eight tests end in one vector compare).
    #[inline(always)]
    fn legal_jumps(&self, t: &Tables, tests: &[u64; TESTS], s: usize) -> u32 {
        let mut words = [0u32; 4];
        let mut tests_of_words = [0u64; 4];
        for axis in 0..4 {
            let word = self.words[usize::from(t.line[s][axis]) & (WORDS - 1)];
            // the fish on the line: a jump goes this far (at least 1, this fish)
            let n = (word & FISH).count_ones() as usize;
            words[axis] = word;
            tests_of_words[axis] = tests[(usize::from(t.first_test[s][axis]) + n) & (TESTS - 1)];
        }
        passed(&words, &tests_of_words)
    }

    /// The legal moves of seat `side`'s fish `own` (ascending move code: the Python engine's
    /// order); returns how many were written to `out`.
    #[inline]
    pub fn moves_into(&self, side: usize, own: Bits, out: &mut [u16; MAX_MOVES]) -> usize {
        let t = tables();
        let tests = &t.tests[side & 1];
        let mut count = 0;
        // the squares in two u64 halves (cheaper to scan than one u128)
        for (first, mut rest) in [(0, own as u64), (64, (own >> 64) as u64)] {
            while rest != 0 {
                let s = (first + rest.trailing_zeros() as usize) & (TABLE_SQUARES - 1);
                rest &= rest - 1;
                let legal = self.legal_jumps(t, tests, s);
                // eight moves written at once (one vector add and store), the legal ones
                // first; a state has at most MAX_FISH fish, so the block always fits (with
                // more, the list would end at MAX_MOVES)
                let Some(block) = out.get_mut(count..count + 8) else {
                    return count;
                };
                let base = (s * 8) as u16;
                let directions = &t.ascending[legal as usize & 255];
                for (slot, d) in block.iter_mut().zip(directions) {
                    *slot = base + d;
                }
                count += legal.count_ones() as usize;
            }
        }
        count
    }

    /// Whether seat `side`'s fish `own` have any legal move.
    pub fn has_move(&self, side: usize, own: Bits) -> bool {
        let t = tables();
        let tests = &t.tests[side & 1];
        let mut rest = own;
        while rest != 0 {
            let s = rest.trailing_zeros() as usize & (TABLE_SQUARES - 1);
            rest &= rest - 1;
            if self.legal_jumps(t, tests, s) != 0 {
                return true;
            }
        }
        false
    }
}

/// Bit `2a` set where `words[a]` has no bit of the low half of `tests[a]`, bit `2a + 1`
/// where it has none of the high half: with SSE2 on x86-64 (every x86-64 CPU has it), a
/// loop elsewhere.
#[inline(always)]
fn passed(words: &[u32; 4], tests: &[u64; 4]) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: passed_sse2 needs SSE2, which is part of x86-64 itself: every CPU this cfg
        // branch is compiled for has it (the function reads only its arguments)
        unsafe { passed_sse2(words, tests) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        passed_portable(words, tests)
    }
}

/// [`passed`] one axis at a time (without SSE2; on x86-64 the tests compare both).
#[cfg(any(not(target_arch = "x86_64"), test))]
fn passed_portable(words: &[u32; 4], tests: &[u64; 4]) -> u32 {
    let mut passed = 0u32;
    for axis in 0..4 {
        let forbidden = (u64::from(words[axis]) | u64::from(words[axis]) << 32) & tests[axis];
        passed |= u32::from(forbidden as u32 == 0) << (2 * axis);
        passed |= u32::from(forbidden >> 32 == 0) << (2 * axis + 1);
    }
    passed
}

/// [`passed`] in two vectors of two axes each: and, compare with zero, one mask.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
#[inline]
fn passed_sse2(words: &[u32; 4], tests: &[u64; 4]) -> u32 {
    use std::arch::x86_64::{
        _mm_and_si128, _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_movemask_ps, _mm_set_epi32,
        _mm_set_epi64x, _mm_setzero_si128,
    };
    let pair = |a: usize| {
        let (low, high) = (words[a] as i32, words[a + 1] as i32);
        let words = _mm_set_epi32(high, high, low, low);
        let tests = _mm_set_epi64x(tests[a + 1] as i64, tests[a] as i64);
        let free = _mm_cmpeq_epi32(_mm_and_si128(words, tests), _mm_setzero_si128());
        _mm_movemask_ps(_mm_castsi128_ps(free)) as u32
    };
    pair(0) | pair(2) << 4
}

/// The word offsets of seat `side`'s fish and of the other seat's.
fn shifts(side: usize) -> (u32, u32) {
    if side == 0 {
        (0, 10)
    } else {
        (10, 0)
    }
}

const _: () = assert!(SIZE == 10, "a line word holds 10 squares per kind");

#[cfg(test)]
mod tests {
    use super::super::board;
    use super::*;
    use crate::rng::SplitMix64;

    fn random_bits(rng: &mut SplitMix64, taken: Bits, count: usize) -> Bits {
        let mut bits = 0u128;
        while (bits.count_ones() as usize) < count {
            let s = rng.below(SQUARES);
            if (taken | bits) >> s & 1 == 0 {
                bits |= 1u128 << s;
            }
        }
        bits
    }

    #[test]
    fn every_square_lies_on_four_lines_of_the_right_length() {
        let t = tables();
        // a corner: a full column and row, a full diagonal, a one-square anti-diagonal
        let tests = |side: usize, axis: usize, n: usize| {
            let test = t.tests[side][usize::from(t.first_test[0][axis]) + n];
            (test as u32, (test >> 32) as u32)
        };
        // a corner (square 0): its anti-diagonal is one square long, every jump leaves it;
        // one step up its column is forbidden by the side's own fish or a blocked square there
        assert_eq!(tests(0, 3, 1), (ALWAYS, ALWAYS));
        assert_eq!(tests(0, 0, 1), (1 << 1 | 1 << 21, ALWAYS));
        assert_eq!(tests(1, 0, 1), (1 << 11 | 1 << 21, ALWAYS));
        // three up the column: opponents on the two squares between forbid it too
        assert_eq!(tests(0, 0, 3), (0b110 << 10 | 1 << 3 | 1 << 23, ALWAYS));
        let mut squares_per_line = [0u32; LINE_COUNT];
        for s in 0..SQUARES {
            for axis in 0..4 {
                squares_per_line[usize::from(t.line[s][axis])] += 1;
            }
        }
        assert_eq!(squares_per_line.iter().sum::<u32>(), 400);
        assert!(squares_per_line.iter().all(|&n| (1..=10).contains(&n)));
    }

    /// The rules read literally: a fish jumps as many squares as there are fish on its line,
    /// not off the board, not over an opponent, not onto its own side or a blocked square.
    fn reference_moves(own: Bits, opp: Bits, blocked: Bits) -> Vec<u16> {
        let t = board::tables();
        let mut moves = Vec::new();
        for s in (0..SQUARES).filter(|&s| own >> s & 1 == 1) {
            for (d, &(dx, dy)) in board::DIRECTIONS.iter().enumerate() {
                let n = (t.lines[s][d % 4] & (own | opp)).count_ones() as i32;
                let (x, y) = ((s / SIZE) as i32, (s % SIZE) as i32);
                let on_board =
                    |k: i32| (0..10).contains(&(x + k * dx)) && (0..10).contains(&(y + k * dy));
                let at = |k: i32| 1u128 << ((x + k * dx) * 10 + y + k * dy);
                if !on_board(n) || (1..n).any(|k| opp & at(k) != 0) || (own | blocked) & at(n) != 0
                {
                    continue;
                }
                moves.push((s * 8 + d) as u16);
            }
        }
        moves
    }

    #[test]
    fn the_line_generator_follows_the_rules() {
        let mut rng = SplitMix64::new(26);
        let mut out = [0; MAX_MOVES];
        for round in 0..3000 {
            let blocked = random_bits(&mut rng, 0, round % 3);
            let (count0, count1) = (
                1 + rng.below(board::MAX_FISH),
                1 + rng.below(board::MAX_FISH),
            );
            let seat0 = random_bits(&mut rng, blocked, count0);
            let seat1 = random_bits(&mut rng, blocked | seat0, count1);
            let mut lines = Lines::new(seat0, seat1, blocked);
            for (side, own, opp) in [(0, seat0, seat1), (1, seat1, seat0)] {
                let expected = reference_moves(own, opp, blocked);
                let n = lines.moves_into(side, own, &mut out);
                assert_eq!(
                    out[..n],
                    expected[..],
                    "side {side} of {seat0:#x} {seat1:#x} {blocked:#x}"
                );
                assert_eq!(lines.has_move(side, own), !expected.is_empty());
            }
            // a jump with a capture, then the words of the position after it
            let from = seat0.trailing_zeros() as usize;
            let to = seat1.trailing_zeros() as usize;
            lines.jump(SEAT0, from, to, true);
            let after = seat0 & !(1u128 << from) | 1u128 << to;
            assert_eq!(lines, Lines::new(after, seat1 & !(1u128 << to), blocked));
        }
    }

    #[test]
    fn the_vector_jump_tests_agree_with_the_portable_ones() {
        let mut rng = SplitMix64::new(27);
        let mut word = || (rng.next_u64() as u32, rng.next_u64());
        for _ in 0..10_000 {
            let (mut words, mut tests) = ([0u32; 4], [0u64; 4]);
            for axis in 0..4 {
                let (w, t) = word();
                // sparse words and tests, so that both outcomes of each test are common
                words[axis] = w & w >> 7 & w >> 13;
                tests[axis] = t & t >> 5 & t >> 11;
            }
            assert_eq!(passed(&words, &tests), passed_portable(&words, &tests));
        }
    }
}
