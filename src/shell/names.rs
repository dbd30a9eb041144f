//! The names the server accepts for databases and collections, with its codes and words, and
//! the file names mongodump gives collections.
//!
//! The console's `--data DIR` writes `DIR/<database>/<collection file>.bson`: these rules are
//! what keeps every such path inside `DIR`. A database name has no `/`, `\`, `.` or NUL (so
//! it is one plain path component, never `..`), and a collection's file name is escaped as
//! mongodump escapes it (only `A-Z a-z 0-9 - _ . ~ % +` remain), so it is one plain component
//! too. The JavaScript prelude checks names first, for mongosh's friendlier message; these
//! checks are the ones that hold when a script gets past it.
//!
//! The rules and words follow the server's current source: `DatabaseName::validDBName`
//! (`src/mongo/db/database_name.h`), `NamespaceString::validCollectionName` and
//! `isLegalClientSystemNS` (`namespace_string.h/.cpp`), `userAllowedWriteNS` /
//! `userAllowedCreateNS` (`src/mongo/db/query/write_ops/insert.cpp`) and the service entry
//! point's `Invalid database name: '<db>'`. Where older servers worded these differently
//! (`invalid db name`, `collection cannot be blank`), the current source wins. On Linux: the
//! FAT32 characters Windows also refuses in database names (`*<>:|?`) are allowed, as a
//! Linux mongod allows them.

use std::fmt;

/// The longest database name, in bytes (`DatabaseName::kMaxDatabaseNameLength`).
pub const MAX_DATABASE_NAME: usize = 63;

/// The longest namespace (`db.collection`, in bytes) of a user collection
/// (`NamespaceString::MaxUserNsCollectionLen`).
pub const MAX_USER_NAMESPACE: usize = 255;

/// The longest namespace in `admin`, `config` and `local`
/// (`NamespaceString::MaxInternalNsCollectionLen`).
pub const MAX_INTERNAL_NAMESPACE: usize = 511;

/// The longest escaped collection name mongodump writes as it is: longer ones are cut and
/// given a hash, so that `<name>.metadata.json.gz` stays within 255 bytes.
pub const MAX_FILE_STEM: usize = 238;

/// How much of a long escaped name mongodump keeps before `%24` and the hash.
const KEPT_OF_LONG_STEM: usize = 208;

/// A name the server refuses: its code and its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameError {
    /// `73` (InvalidNamespace), or `2` (BadValue) for a `.system.` inside a collection name,
    /// as the server answers.
    pub code: i32,
    /// The server's message.
    pub message: String,
}

impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for NameError {}

fn invalid(message: String) -> NameError {
    NameError { code: 73, message }
}

/// Whether the server accepts `db` as a database name (`DatabaseName::validDBName`): 1 to 63
/// bytes, none of them `/`, `\`, `.`, space, `"` or NUL; `$` only when `dollar` allows it.
pub fn valid_database(db: &str, dollar: bool) -> bool {
    !db.is_empty()
        && db.len() <= MAX_DATABASE_NAME
        && !db
            .bytes()
            .any(|b| matches!(b, b'/' | b'\\' | b'.' | b' ' | b'"' | 0) || (b == b'$' && !dollar))
}

/// Whether the server accepts `coll` as a collection name
/// (`NamespaceString::validCollectionName`): not empty, not starting with `.`, no `$`, no
/// NUL. (`a.` and `a..b` are accepted, as the server accepts them.)
pub fn valid_collection(coll: &str) -> bool {
    !coll.is_empty() && !coll.starts_with('.') && !coll.bytes().any(|b| b == b'$' || b == 0)
}

/// The check every command makes of its database when it arrives (the service entry
/// point's `DatabaseName::isValid(..., Allow)`): `$` is still allowed here.
///
/// # Errors
/// `Invalid database name: '<db>'`, code 73.
///
/// # Examples
/// ```
/// use bson_tutor::shell::names::check_database;
/// assert!(check_database("shop").is_ok());
/// let e = check_database("../etc").unwrap_err();
/// assert_eq!((e.code, e.message.as_str()), (73, "Invalid database name: '../etc'"));
/// ```
pub fn check_database(db: &str) -> Result<(), NameError> {
    if valid_database(db, true) {
        Ok(())
    } else {
        Err(invalid(format!("Invalid database name: '{db}'")))
    }
}

/// The check of a command that reads a collection (`NamespaceString::isValid`): a valid
/// database and a collection name that is not empty. NUL is refused too: the server never
/// receives one (a BSON name is a C string).
///
/// # Errors
/// `Invalid database name: '<db>'` or `Invalid namespace specified '<db>.<coll>'`, code 73.
pub fn check_namespace(db: &str, coll: &str) -> Result<(), NameError> {
    check_database(db)?;
    if coll.is_empty() || coll.contains('\0') {
        return Err(invalid(format!(
            "Invalid namespace specified '{db}.{coll}'"
        )));
    }
    Ok(())
}

/// Whether `admin`, `config` or `local`.
fn internal_database(db: &str) -> bool {
    matches!(db, "admin" | "config" | "local")
}

/// The `system.` collections a client may create and write
/// (`NamespaceString::isLegalClientSystemNS`).
fn legal_client_system(db: &str, coll: &str) -> bool {
    let per_database: &[&str] = match db {
        "admin" => &[
            "system.roles",
            "system.version",
            "system.keys",
            "system.backup_users",
            "system.new_users",
        ],
        "config" => &[
            "system.sessions",
            "system.indexBuilds",
            "system.sharding_ddl_coordinators",
            "system.configsvrCoordinators",
            "system.block_fcv_changes",
        ],
        "local" => &[
            "system.replset",
            "system.healthlog",
            "system.collections_to_restore",
        ],
        _ => &[],
    };
    if per_database.contains(&coll)
        || (db == "config" && coll.contains(".system.resharding."))
        || matches!(coll, "system.users" | "system.js" | "system.views")
        || coll.starts_with("system.resharding.")
        || coll.starts_with("system.buckets.resharding.")
        || coll.starts_with("system.statistics.")
    {
        return true;
    }
    coll.strip_prefix("system.buckets.")
        .is_some_and(valid_collection)
}

/// The check of a command that may create `db.coll` (`userAllowedCreateNS`).
///
/// # Errors
/// Code 73: `Invalid database name: '<db>'`, `Invalid namespace: <ns>` (a `$` in the
/// database), `Invalid collection name: <coll>`, `Invalid system namespace: <ns>`, `Fully
/// qualified namespace is too long. Namespace: <ns> Max: 255`; code 2 (BadValue):
/// `Invalid namespace: <ns>` for a `.system.` inside the collection's name.
///
/// # Examples
/// ```
/// use bson_tutor::shell::names::check_create;
/// assert!(check_create("test", "a/b").is_ok());
/// assert_eq!(check_create("test", "$x").unwrap_err().message, "Invalid collection name: $x");
/// assert_eq!(check_create("test", "system.x").unwrap_err().message,
///     "Invalid system namespace: test.system.x");
/// ```
pub fn check_create(db: &str, coll: &str) -> Result<(), NameError> {
    check_database(db)?;
    let ns = format!("{db}.{coll}");
    if coll.is_empty() || !valid_database(db, false) {
        return Err(invalid(format!("Invalid namespace: {ns}")));
    }
    if !valid_collection(coll) {
        return Err(invalid(format!("Invalid collection name: {coll}")));
    }
    let system = coll.starts_with("system.");
    if coll == "system.profile" {
        return Ok(());
    }
    if system && !legal_client_system(db, coll) {
        return Err(invalid(format!("Invalid system namespace: {ns}")));
    }
    let max = if internal_database(db) {
        MAX_INTERNAL_NAMESPACE
    } else {
        MAX_USER_NAMESPACE
    };
    // `NamespaceString::isNormalCollection`: neither `system.*` nor `local.replset.*`.
    let replset = db == "local" && coll.starts_with("replset.");
    if !system && !replset && ns.len() > max {
        return Err(invalid(format!(
            "Fully qualified namespace is too long. Namespace: {ns} Max: {max}"
        )));
    }
    if coll.contains(".system.")
        && !(db == "config" && coll.starts_with("cache.chunks."))
        && !(db == "config" && legal_client_system(db, coll))
    {
        return Err(NameError {
            code: 2,
            message: format!("Invalid namespace: {ns}"),
        });
    }
    Ok(())
}

/// The check of a write to `db.coll` (`userAllowedWriteNS`): `system.profile` and
/// `system.views` are the server's to write, then [`check_create`].
///
/// # Errors
/// `cannot write to <ns>` (code 73), or [`check_create`]'s.
pub fn check_write(db: &str, coll: &str) -> Result<(), NameError> {
    check_database(db)?;
    if matches!(coll, "system.profile" | "system.views") {
        return Err(invalid(format!("cannot write to {db}.{coll}")));
    }
    check_create(db, coll)
}

/// Whether mongodump leaves `b` as it is in a file name (Go's `url.QueryEscape`).
fn unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~')
}

/// The file name (without `.bson`) mongodump gives collection `coll`: the name escaped as Go's
/// `url.QueryEscape` escapes it (`/` is `%2F`, a space `+`), and when that is longer than 238
/// bytes, its first 208 bytes, `%24` and the unpadded URL-safe base64 of the name's SHA-1
/// (mongo-tools `mongodump/prepare.go`, `outputPath`). mongorestore reads the full name of a
/// cut one from its `.metadata.json`.
///
/// # Examples
/// ```
/// use bson_tutor::shell::names::file_stem;
/// assert_eq!(file_stem("../../escaped"), "..%2F..%2Fescaped");
/// assert_eq!(file_stem("a b+c"), "a+b%2Bc");
/// assert_eq!(file_stem(&"x".repeat(300)).len(), 238);
/// ```
pub fn file_stem(coll: &str) -> String {
    let mut out = String::with_capacity(coll.len());
    for b in coll.bytes() {
        if unreserved(b) {
            out.push(char::from(b));
        } else if b == b' ' {
            out.push('+');
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 0xf)]));
        }
    }
    if out.len() <= MAX_FILE_STEM {
        return out;
    }
    out.truncate(KEPT_OF_LONG_STEM);
    out.push_str("%24");
    let hash = crate::bson::base64::encode(&sha1(coll.as_bytes()));
    out.extend(hash.chars().filter_map(|c| match c {
        '+' => Some('-'),
        '/' => Some('_'),
        '=' => None,
        c => Some(c),
    }));
    out
}

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// Whether `stem` is a cut name (see [`file_stem`]), whose full name only its metadata has.
pub fn is_cut_stem(stem: &str) -> bool {
    stem.len() == MAX_FILE_STEM && stem.contains("%24")
}

/// The collection name a file name (without `.bson`) stands for, as mongorestore reads it
/// (Go's `url.QueryUnescape`): `+` is a space, `%XX` a byte; `None` for a bad `%` or a name
/// that is not UTF-8.
///
/// # Examples
/// ```
/// use bson_tutor::shell::names::unescape_stem;
/// assert_eq!(unescape_stem("a+b%2Fc").as_deref(), Some("a b/c"));
/// assert_eq!(unescape_stem("bad%2"), None);
/// ```
pub fn unescape_stem(stem: &str) -> Option<String> {
    let bytes = stem.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = bytes.get(i + 1..i + 3)?;
                let text = std::str::from_utf8(hex).ok()?;
                out.push(u8::from_str_radix(text, 16).ok()?);
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8(out).ok()
}

/// SHA-1 of `data` (FIPS 180-4), for the names of long collections' files only: mongodump
/// names them by it, nothing here relies on it for security.
fn sha1(data: &[u8]) -> [u8; 20] {
    let mut h: [u32; 5] = [
        0x6745_2301,
        0xEFCD_AB89,
        0x98BA_DCFE,
        0x1032_5476,
        0xC3D2_E1F0,
    ];
    let mut message = data.to_vec();
    let bits = (data.len() as u64).wrapping_mul(8);
    message.push(0x80);
    while message.len() % 64 != 56 {
        message.push(0);
    }
    message.extend_from_slice(&bits.to_be_bytes());
    for block in message.chunks_exact(64) {
        let mut w = [0u32; 80];
        for (i, word) in block.chunks_exact(4).enumerate() {
            w[i] = u32::from_be_bytes([word[0], word[1], word[2], word[3]]);
        }
        for i in 16..80 {
            w[i] = (w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]).rotate_left(1);
        }
        let [mut a, mut b, mut c, mut d, mut e] = h;
        for (i, wi) in w.iter().enumerate() {
            let (f, k) = match i {
                0..=19 => ((b & c) | (!b & d), 0x5A82_7999),
                20..=39 => (b ^ c ^ d, 0x6ED9_EBA1),
                40..=59 => ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC),
                _ => (b ^ c ^ d, 0xCA62_C1D6),
            };
            let t = a
                .rotate_left(5)
                .wrapping_add(f)
                .wrapping_add(e)
                .wrapping_add(k)
                .wrapping_add(*wi);
            e = d;
            d = c;
            c = b.rotate_left(30);
            b = a;
            a = t;
        }
        for (x, y) in h.iter_mut().zip([a, b, c, d, e]) {
            *x = x.wrapping_add(y);
        }
    }
    let mut out = [0u8; 20];
    for (chunk, word) in out.chunks_exact_mut(4).zip(h) {
        chunk.copy_from_slice(&word.to_be_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn sha1_matches_the_standard_vectors() {
        assert_eq!(hex(&sha1(b"")), "da39a3ee5e6b4b0d3255bfef95601890afd80709");
        assert_eq!(
            hex(&sha1(b"abc")),
            "a9993e364706816aba3e25717850c26c9cd0d89d"
        );
        assert_eq!(
            hex(&sha1(
                b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
            )),
            "84983e441c3bd26ebaae4aa1f95129e5e54670f1"
        );
    }

    #[test]
    fn long_names_are_cut_as_mongodump_cuts_them() {
        // mongo-tools' own case (mongodump/mongodump_test.go, `longCollectionName`).
        let prefix = format!("a{}", "Very".repeat(45));
        let name = format!("{prefix}/Long/Collection/Name/Consisting/Of/Many/Characters");
        let stem = file_stem(&name);
        assert_eq!(
            stem,
            format!("{prefix}%2FLong%2FCollection%2FName%24FUVlwTrb2eHN1RUE1swI1fFzWmA")
        );
        assert_eq!(stem.len(), MAX_FILE_STEM);
        assert!(is_cut_stem(&stem));
    }

    #[test]
    fn every_escaped_name_is_one_plain_file_name() {
        for name in [
            "..",
            "../../x",
            "/abs",
            "a\\b",
            "．．／",
            "%2F",
            "a\u{0}b",
            "~.-_",
        ] {
            let stem = file_stem(name);
            assert!(
                stem.bytes()
                    .all(|b| unreserved(b) || b == b'%' || b == b'+'),
                "{name:?} -> {stem:?}"
            );
            assert_eq!(unescape_stem(&stem).as_deref(), Some(name));
        }
    }

    #[test]
    fn the_server_refuses_what_it_refuses() {
        for db in [
            "",
            "a.b",
            "a/b",
            "a\\b",
            "a b",
            "a\"b",
            "a\0b",
            &"d".repeat(64),
        ] {
            assert_eq!(check_database(db).map_err(|e| e.code), Err(73), "{db:?}");
        }
        assert!(check_database(&"d".repeat(63)).is_ok());
        assert!(check_database("a$b").is_ok());
        assert_eq!(
            check_create("a$b", "c").unwrap_err().message,
            "Invalid namespace: a$b.c"
        );
        for coll in ["", ".a", "..", "../x", "a$b", "a\0b"] {
            assert!(check_create("test", coll).is_err(), "{coll:?}");
        }
        for coll in [
            "a.",
            "a..b",
            "a..%2F",
            "x/../../y",
            "system.users",
            "system.buckets.t",
        ] {
            assert!(check_create("test", coll).is_ok(), "{coll:?}");
        }
        assert_eq!(
            check_write("test", "system.views").unwrap_err().message,
            "cannot write to test.system.views"
        );
        assert_eq!(check_create("test", "a.system.b").unwrap_err().code, 2);
        let long = "c".repeat(251);
        assert_eq!(
            check_create("test", &long).unwrap_err().message,
            format!("Fully qualified namespace is too long. Namespace: test.{long} Max: 255")
        );
        assert!(check_create("test", &"c".repeat(250)).is_ok());
    }
}
