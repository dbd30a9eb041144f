//! What a console starts from, and how it crosses a worker's command line.

use super::*;

/// Where `Math.random` and `UUID()` draw from: what [`StdRng`] is seeded with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RngSeed {
    /// `StdRng::seed_from_u64`.
    U64(u64),
    /// `StdRng::from_seed`.
    Bytes([u8; 32]),
}

impl RngSeed {
    pub(super) fn rng(self) -> StdRng {
        match self {
            RngSeed::U64(n) => StdRng::seed_from_u64(n),
            RngSeed::Bytes(b) => StdRng::from_seed(b),
        }
    }
}

/// What a console starts from: its client and mongod processes, its random numbers, its
/// clock, and the folder its databases are kept in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Start {
    /// The shell's driver: `ObjectId()` and inserted `_id`s.
    pub client: ObjectIdProcess,
    /// mongod: upserted `_id`s.
    pub mongod: ObjectIdProcess,
    /// `Math.random` and `UUID()`.
    pub rng: RngSeed,
    /// A fixed clock, in milliseconds; `None`: the wall clock (read by the worker, or by
    /// the clock given to [`Session::start`]).
    pub now_ms: Option<i64>,
    /// `--data DIR`: a worker loads the databases from it and saves them on request.
    pub data: Option<PathBuf>,
}

impl Start {
    /// [`Server::seeded`]'s console: every process and random number from `seed`.
    pub fn seeded(seed: u64, now_ms: Option<i64>) -> Start {
        let processes = crate::bson::oid::processes_from_seed(seed, 2);
        Start {
            client: processes[0].clone(),
            mongod: processes[1].clone(),
            rng: RngSeed::U64(seed ^ SEEDED_RNG_SALT),
            now_ms,
            data: None,
        }
    }

    /// The empty server it describes.
    pub fn server(&self) -> Server {
        Server::new(self.client.clone(), self.mongod.clone(), self.rng.rng())
    }

    /// The worker's arguments for it.
    pub(super) fn args(&self) -> Vec<OsString> {
        let process = |p: &ObjectIdProcess| {
            let r = p.random_value();
            format!(
                "{:02x}{:02x}{:02x}{:02x}{:02x}:{}",
                r[0],
                r[1],
                r[2],
                r[3],
                r[4],
                p.next_counter()
            )
        };
        let mut args: Vec<OsString> = vec![
            "--client".into(),
            process(&self.client).into(),
            "--mongod".into(),
            process(&self.mongod).into(),
            "--rng".into(),
            match self.rng {
                RngSeed::U64(n) => format!("u64:{n}"),
                RngSeed::Bytes(b) => {
                    format!(
                        "bytes:{}",
                        b.iter().map(|x| format!("{x:02x}")).collect::<String>()
                    )
                }
            }
            .into(),
        ];
        if let Some(ms) = self.now_ms {
            args.push("--now".into());
            args.push(ms.to_string().into());
        }
        if let Some(dir) = &self.data {
            args.push("--data".into());
            args.push(dir.clone().into_os_string());
        }
        args
    }

    /// Reads the arguments [`Start::args`] wrote (the worker's side).
    ///
    /// # Errors
    /// An argument this module does not write, in words.
    pub fn from_args(args: &[OsString]) -> Result<Start, String> {
        fn process(text: &str) -> Result<ObjectIdProcess, String> {
            let (hex, counter) = text.split_once(':').ok_or("a process is HEX:COUNTER")?;
            let bytes = crate::bson::hex::decode(hex).map_err(|e| e.to_string())?;
            let random: [u8; 5] = bytes.try_into().map_err(|_| "5 bytes of random value")?;
            let counter = counter.parse().map_err(|_| "a counter")?;
            Ok(ObjectIdProcess::new(random, counter))
        }
        let mut start = Start::seeded(0, None);
        let mut it = args.iter();
        while let Some(flag) = it.next() {
            let flag = flag.to_string_lossy();
            let raw = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
            // A path need not be UTF-8; every other value is.
            let text = || raw.to_str().ok_or_else(|| format!("{flag} is not UTF-8"));
            match &*flag {
                "--client" => start.client = process(text()?)?,
                "--mongod" => start.mongod = process(text()?)?,
                "--rng" => {
                    let value = text()?;
                    start.rng = match value.split_once(':') {
                        Some(("u64", n)) => RngSeed::U64(n.parse().map_err(|_| "a u64 seed")?),
                        Some(("bytes", hex)) => RngSeed::Bytes(
                            crate::bson::hex::decode(hex)
                                .map_err(|e| e.to_string())?
                                .try_into()
                                .map_err(|_| "32 bytes of seed")?,
                        ),
                        _ => return Err(format!("--rng {value}")),
                    }
                }
                "--now" => start.now_ms = Some(text()?.parse().map_err(|_| "--now MS")?),
                "--data" => start.data = Some(PathBuf::from(raw)),
                _ => return Err(format!("unknown argument {flag}")),
            }
        }
        Ok(start)
    }
}

/// What [`Server::seeded`] mixes into the seed for its random numbers (so that they are
/// not the stream its processes came from).
const SEEDED_RNG_SALT: u64 = 0x5eed_5eed;
