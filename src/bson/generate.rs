//! Where the mongosh-syntax reader gets what a real shell takes from the clock and the
//! random source: the current time, new ObjectIds and random UUIDs. The library never reads
//! a clock or an RNG itself; the caller passes a [`Generate`].

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::oid::{ObjectId, ObjectIdProcess, seeded_rng};
use super::uuid::Uuid;

/// Where generated values come from: the current time, new ObjectIds and random UUIDs.
/// The library never reads a clock or an RNG itself; the caller passes one of these.
pub trait Generate {
    /// The current time in milliseconds since the Unix epoch.
    fn now_ms(&mut self) -> i64;
    /// A new ObjectId whose first four bytes are `secs`, big-endian; the other eight are the
    /// generator's process value and counter.
    fn object_id(&mut self, secs: u32) -> ObjectId;
    /// Sixteen bytes of a version 4 (random) UUID, version and variant bits set.
    fn uuid_v4(&mut self) -> [u8; 16];
}

/// A deterministic [`Generate`]: a fixed clock, a fixed 5-byte "process" value and a counter.
///
/// # Examples
/// ```
/// use bson_tutor::bson::shell::{FixedGenerator, Generate};
/// let mut g = FixedGenerator::new(1_791_431_149_000);
/// assert_eq!(g.object_id(1_791_431_149).to_hex(), "6ac711ed5e1f7a3c9d000000");
/// assert_eq!(g.object_id(1_791_431_149).to_hex(), "6ac711ed5e1f7a3c9d000001");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixedGenerator {
    /// What [`Generate::now_ms`] returns, every time.
    pub now_ms: i64,
    /// The next counter value; each ObjectId or UUID takes one and increments it.
    pub counter: u32,
}

impl FixedGenerator {
    /// The 5 bytes standing for the per-process random value of a real ObjectId.
    pub const PROCESS: [u8; 5] = [0x5e, 0x1f, 0x7a, 0x3c, 0x9d];

    /// A generator whose clock reads `now_ms` and whose counter starts at 0.
    pub fn new(now_ms: i64) -> Self {
        FixedGenerator { now_ms, counter: 0 }
    }

    fn take(&mut self) -> u32 {
        let n = self.counter;
        self.counter = self.counter.wrapping_add(1);
        n
    }
}

impl Generate for FixedGenerator {
    fn now_ms(&mut self) -> i64 {
        self.now_ms
    }

    fn object_id(&mut self, secs: u32) -> ObjectId {
        let counter = self.take().to_be_bytes();
        let mut id = [0u8; 12];
        id[..4].copy_from_slice(&secs.to_be_bytes());
        id[4..9].copy_from_slice(&Self::PROCESS);
        // The counter is 3 bytes, big-endian, like a real one (it wraps at 2^24).
        id[9..].copy_from_slice(&counter[1..]);
        ObjectId(id)
    }

    fn uuid_v4(&mut self) -> [u8; 16] {
        let mut bytes = [0u8; 16];
        bytes[..5].copy_from_slice(&Self::PROCESS);
        bytes[12..].copy_from_slice(&self.take().to_be_bytes());
        // Version 4 in the high nibble of byte 6, variant 10xx in the top bits of byte 8.
        bytes[6] = (bytes[6] & 0x0f) | 0x40;
        bytes[8] = (bytes[8] & 0x3f) | 0x80;
        bytes
    }
}

/// A reproducible [`Generate`] for the mongosh-syntax parser: a clock that reads what it is
/// told, ObjectIds from one [`ObjectIdProcess`] and version 4 UUIDs from an rng.
///
/// # Examples
/// ```
/// use bson_tutor::bson::generate::SeededGenerator;
/// use bson_tutor::bson::generate::Generate;
/// let mut a = SeededGenerator::from_seed(42, 1_791_431_149_477);
/// let mut b = SeededGenerator::from_seed(42, 1_791_431_149_477);
/// assert_eq!(a.object_id(1_791_431_149), b.object_id(1_791_431_149));
/// assert_eq!(a.uuid_v4(), b.uuid_v4());
/// assert_eq!(a.now_ms(), 1_791_431_149_477);
/// ```
#[derive(Clone, Debug)]
pub struct SeededGenerator<R = StdRng> {
    /// What [`Generate::now_ms`] returns (and so where `ObjectId()` and `new Date()` take
    /// their time from); set it to move the clock.
    pub now_ms: i64,
    /// The process that makes every `ObjectId()`.
    pub process: ObjectIdProcess,
    /// Where `UUID()` gets its random bits.
    pub rng: R,
}

impl SeededGenerator<StdRng> {
    /// The generator of seed `seed`: its process is `processes_from_seed(seed, 1)[0]`.
    pub fn from_seed(seed: u64, now_ms: i64) -> Self {
        let mut rng = seeded_rng(seed);
        let process = ObjectIdProcess::from_rng(&mut rng);
        // UUIDs get a stream of their own, keyed from the seed's stream. Continuing the same
        // stream would make the first UUID begin with the random value of the seed's second
        // process (`processes_from_seed(seed, 2)[1]`), a coincidence a learner could spot.
        let rng = StdRng::from_rng(&mut rng);
        SeededGenerator {
            now_ms,
            process,
            rng,
        }
    }
}

impl<R: Rng> SeededGenerator<R> {
    /// A generator that draws its process from `rng` first, then keeps `rng` for UUIDs.
    pub fn from_rng(mut rng: R, now_ms: i64) -> Self {
        let process = ObjectIdProcess::from_rng(&mut rng);
        SeededGenerator {
            now_ms,
            process,
            rng,
        }
    }
}

impl<R: Rng> Generate for SeededGenerator<R> {
    fn now_ms(&mut self) -> i64 {
        self.now_ms
    }

    fn object_id(&mut self, secs: u32) -> ObjectId {
        self.process.next_id(secs)
    }

    fn uuid_v4(&mut self) -> [u8; 16] {
        Uuid::new_v4(&mut self.rng).0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn fixed_generator_is_deterministic() {
        let mut g = FixedGenerator::new(5);
        assert_eq!(g.now_ms(), 5);
        let a = g.object_id(0x6ac7_11ed);
        let b = g.object_id(0x6ac7_11ed);
        assert_eq!(a.to_hex(), "6ac711ed5e1f7a3c9d000000");
        assert_eq!(b.to_hex(), "6ac711ed5e1f7a3c9d000001");
        let u = g.uuid_v4();
        assert_eq!(u[6] >> 4, 4);
        assert_eq!(u[8] >> 6, 0b10);
        assert_ne!(u, g.uuid_v4());
        assert_eq!(g.counter, 4);
    }

    #[test]
    fn seeded_generator_process_is_the_seeds_first_process() {
        let mut g = SeededGenerator::from_seed(11, 0);
        let mut p = crate::bson::oid::processes_from_seed(11, 3).remove(0);
        assert_eq!(g.object_id(5), p.next_id(5));
        let u = g.uuid_v4();
        assert_eq!(u[6] >> 4, 4);
        assert_eq!(u[8] >> 6, 0b10);
    }
}
