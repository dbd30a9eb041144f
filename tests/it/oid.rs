//! ObjectIds and UUIDs as mongosh shows them: the anatomy of a real id, `getTimestamp()`,
//! `createFromTime`, two processes in the same second, the counter's wrap, the legacy UUID
//! byte orders, and `bson-tutor oid` driven as a user would.

use std::process::{Command, Output};

use bson_tutor::bson::datetime::{format_iso, parse_iso};
use bson_tutor::bson::generate::SeededGenerator;
use bson_tutor::bson::oid::{COUNTER_MODULUS, ObjectIdProcess, processes_from_seed, seeded_rng};
use bson_tutor::bson::shell::{self, Generate};
use bson_tutor::bson::uuid::{LegacyOrder, Uuid, from_legacy, to_legacy};
use bson_tutor::bson::{Binary, ObjectId, Value, base64, hex};
use proptest::prelude::*;

fn oid(text: &str) -> ObjectId {
    ObjectId::parse_hex(text).unwrap()
}

fn secs_of(iso: &str) -> u32 {
    u32::try_from(parse_iso(iso).unwrap() / 1000).unwrap()
}

/// Two mongosh processes run one after the other in the same second, rebuilt from the
/// first id each printed.
fn mongosh_process_1() -> ObjectIdProcess {
    ObjectIdProcess::new([0x45, 0x4f, 0x58, 0x8c, 0xa2], 0xd0_5d4b)
}

fn mongosh_process_2() -> ObjectIdProcess {
    ObjectIdProcess::new([0x17, 0x4c, 0xba, 0xf7, 0x6f], 0xf1_a390)
}

// ---------------------------------------------------------------------------------------------
// Anatomy and getTimestamp

#[test]
fn timestamp_is_big_endian_seconds_of_2026_10_08() {
    let id = oid("6ac711ed454f588ca2d05d4b");
    assert_eq!(id.timestamp(), 0x6ac7_11ed);
    assert_eq!(id.timestamp(), 1_791_431_149);
    assert_eq!(id.timestamp(), secs_of("2026-10-08T03:45:49Z"));
    assert_eq!(id.random_value(), [0x45, 0x4f, 0x58, 0x8c, 0xa2]);
    assert_eq!(id.counter(), 0xd0_5d4b);
}

#[test]
fn get_timestamp_drops_the_milliseconds() {
    // Made at 03:45:49.477, getTimestamp() says 03:45:49.000: an id keeps whole seconds.
    let made_at_ms = parse_iso("2026-10-08T03:45:49.477Z").unwrap();
    let mut g = SeededGenerator::from_seed(0, made_at_ms);
    let doc = shell::parse_document("{ _id: ObjectId() }", &mut g)
        .unwrap()
        .value;
    let Some(Value::ObjectId(id)) = doc.get("_id") else {
        panic!("an ObjectId: {doc:?}");
    };
    assert_eq!(id.get_timestamp_ms(), 1_791_431_149_000);
    assert_eq!(
        format_iso(id.get_timestamp_ms()),
        "2026-10-08T03:45:49.000Z"
    );
    assert_eq!(oid("6ac711ed174cbaf76ff1a390").get_timestamp_ms() % 1000, 0);
}

#[test]
fn rebuilt_processes_print_the_lines_mongosh_printed() {
    let secs = 1_791_431_149;
    let mut p1 = mongosh_process_1();
    let lines: Vec<String> = (0..5)
        .map(|_| p1.next_id(secs).to_split_hex(" | "))
        .collect();
    assert_eq!(
        lines,
        [
            "6ac711ed | 454f588ca2 | d05d4b",
            "6ac711ed | 454f588ca2 | d05d4c",
            "6ac711ed | 454f588ca2 | d05d4d",
            "6ac711ed | 454f588ca2 | d05d4e",
            "6ac711ed | 454f588ca2 | d05d4f",
        ]
    );
    let mut p2 = mongosh_process_2();
    let last = (0..5).map(|_| p2.next_id(secs)).last().unwrap();
    assert_eq!(last.to_split_hex(" | "), "6ac711ed | 174cbaf76f | f1a394");
}

#[test]
fn object_id_error_counts_the_digits() {
    let e = ObjectId::parse_hex("6ac711ed454f588ca2d05d4b0").unwrap_err();
    assert_eq!(
        e.to_string(),
        "an ObjectId is 24 hex digits, but `6ac711ed454f588ca2d05d4b0` has 25 (1 too many)"
    );
    assert_eq!(e.column, 25);
    let e = ObjectId::parse_hex("6ac711ed454f588ca2d05d4x").unwrap_err();
    assert!(e.to_string().contains("`x` at column 24"), "{e}");
}

// ---------------------------------------------------------------------------------------------
// createFromTime

#[test]
fn create_from_time_zeroes_everything_after_the_seconds() {
    let secs = secs_of("2026-10-08T00:00:00Z");
    assert_eq!(secs, 1_791_417_600);
    assert_eq!(
        ObjectId::create_from_time(secs).to_hex(),
        "6ac6dd000000000000000000"
    );
    // mongosh's ObjectId(secs) of the same second fills the rest, so it is larger.
    let filled = oid("6ac6dd00dcfdc9da974196bf");
    assert_eq!(filled.timestamp(), secs);
    assert!(ObjectId::create_from_time(secs) < filled);
}

proptest! {
    #[test]
    fn create_from_time_is_the_smallest_id_of_its_second(
        secs in any::<u32>(), random in any::<[u8; 5]>(), counter in 0..COUNTER_MODULUS,
    ) {
        let start = ObjectId::create_from_time(secs);
        let id = ObjectIdProcess::new(random, counter).next_id(secs);
        prop_assert!(start <= id);
        if let Some(next) = secs.checked_add(1) {
            prop_assert!(id < ObjectId::create_from_time(next));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Two processes in one second

/// Process `first` makes three ids, then process `second` does: the order of events.
fn made_in_order(
    first: &mut ObjectIdProcess,
    second: &mut ObjectIdProcess,
    secs: u32,
) -> Vec<(&'static str, ObjectId)> {
    let mut ids: Vec<_> = (0..3).map(|_| ("A", first.next_id(secs))).collect();
    ids.extend((0..3).map(|_| ("B", second.next_id(secs))));
    ids
}

fn sorted_labels(mut ids: Vec<(&'static str, ObjectId)>) -> Vec<&'static str> {
    ids.sort_by_key(|&(_, id)| id);
    ids.into_iter().map(|(label, _)| label).collect()
}

#[test]
fn b_inserted_later_but_sorts_first() {
    // Two mongosh processes, run one after the other: A (d1375a74bd) inserted ~250 ms before
    // B (a9fded4f0c), in the same second.
    let secs = secs_of("2026-10-08T03:46:09Z");
    let mut a = ObjectIdProcess::new([0xd1, 0x37, 0x5a, 0x74, 0xbd], 0x43_981a);
    let mut b = ObjectIdProcess::new([0xa9, 0xfd, 0xed, 0x4f, 0x0c], 0x2e_7ec8);
    let ids = made_in_order(&mut a, &mut b, secs);
    assert_eq!(ids[3].1.to_hex(), "6ac71201a9fded4f0c2e7ec8");
    assert_eq!(sorted_labels(ids), ["B", "B", "B", "A", "A", "A"]);
}

#[test]
fn classroom_seed_1_reproduces_b_before_a() {
    // The lesson's seed: B's random value is the smaller one, so B's ids sort first even
    // though A made all of its ids before B started.
    let secs = secs_of("2026-10-08T03:46:09Z");
    let [mut a, mut b] = <[ObjectIdProcess; 2]>::try_from(processes_from_seed(1, 2)).unwrap();
    assert!(b.random_value() < a.random_value());
    let ids = made_in_order(&mut a, &mut b, secs);
    let hex: Vec<String> = ids.iter().map(|(_, id)| id.to_hex()).collect();
    assert_eq!(
        hex,
        [
            "6ac71201611830d3640d694a",
            "6ac71201611830d3640d694b",
            "6ac71201611830d3640d694c",
            "6ac7120125d1f4b0da8fc15a",
            "6ac7120125d1f4b0da8fc15b",
            "6ac7120125d1f4b0da8fc15c",
        ]
    );
    assert_eq!(sorted_labels(ids), ["B", "B", "B", "A", "A", "A"]);
}

#[test]
fn within_a_second_the_smaller_random_value_sorts_first_whoever_generated_first() {
    let secs = 1_791_431_169;
    for seed in 0..200 {
        let [mut a, mut b] =
            <[ObjectIdProcess; 2]>::try_from(processes_from_seed(seed, 2)).unwrap();
        let b_first = b.random_value() < a.random_value();
        let labels = sorted_labels(made_in_order(&mut a, &mut b, secs));
        let expected = if b_first {
            ["B", "B", "B", "A", "A", "A"]
        } else {
            ["A", "A", "A", "B", "B", "B"]
        };
        assert_eq!(labels, expected, "seed {seed}");
    }
}

// ---------------------------------------------------------------------------------------------
// One process: order and the counter's wrap

/// Counter starts anywhere, and often just below the wrap.
fn counter_start() -> impl Strategy<Value = u32> {
    prop_oneof![0..COUNTER_MODULUS, (COUNTER_MODULUS - 64)..COUNTER_MODULUS]
}

proptest! {
    #[test]
    fn one_process_ids_increase_until_the_counter_wraps(
        random in any::<[u8; 5]>(),
        start in counter_start(),
        first_secs in 0u32..=u32::MAX - 1000,
        steps in prop::collection::vec(0u32..3, 1..200),
    ) {
        let mut p = ObjectIdProcess::new(random, start);
        let mut secs = first_secs;
        let mut prev = p.next_id(secs);
        for step in steps {
            secs += step;
            let id = p.next_id(secs);
            prop_assert_eq!(id.counter(), (prev.counter() + 1) % COUNTER_MODULUS);
            prop_assert_eq!(id.random_value(), random);
            let wrapped = id.counter() == 0;
            if step > 0 || !wrapped {
                // A later second, or the same second before the wrap: strictly larger.
                prop_assert!(id > prev, "{prev} then {id}");
            } else {
                // 2^24 ids in one second: the wrap makes the next id sort first.
                prop_assert!(id < prev, "{prev} then {id}");
            }
            prev = id;
        }
    }
}

#[test]
fn counter_wraps_at_2_pow_24() {
    assert_eq!(COUNTER_MODULUS, 16_777_216);
    let mut p = ObjectIdProcess::new([1, 2, 3, 4, 5], 0xff_fffe);
    let ids: Vec<String> = (0..3).map(|_| p.next_id(7).to_hex()).collect();
    assert_eq!(
        ids,
        [
            "000000070102030405fffffe",
            "000000070102030405ffffff",
            "000000070102030405000000",
        ]
    );
    assert_eq!(p.next_counter(), 1);
}

#[test]
fn a_full_counter_cycle_comes_back_to_the_start() {
    let mut p = ObjectIdProcess::new([0; 5], 12_345);
    let first = p.next_id(0);
    for _ in 1..COUNTER_MODULUS {
        p.next_id(0);
    }
    assert_eq!(p.next_id(0), first);
}

// ---------------------------------------------------------------------------------------------
// Seeds

#[test]
fn seeded_rng_is_value_stable() {
    // Pinned so that a rand upgrade that changes `StdRng` (see `oid::seeded_rng`) fails here
    // instead of silently changing every lesson's ids.
    let secs = 1_791_431_149;
    let mut p = processes_from_seed(0, 1).remove(0);
    assert_eq!(p.next_id(secs).to_hex(), "6ac711ed7f6f2ccdb227697b");
    let mut g = SeededGenerator::from_seed(0, 0);
    assert_eq!(g.object_id(secs).to_hex(), "6ac711ed7f6f2ccdb227697b");
    assert_eq!(
        Uuid(g.uuid_v4()).to_string(),
        "c3878d1b-0e8c-44b0-9d41-94a5542cbff5"
    );
    assert_eq!(
        Uuid::new_v4(&mut seeded_rng(0)).to_string(),
        "7f6f2ccd-b23f-4abb-bb69-278e947c01c6"
    );
}

#[test]
fn same_seed_same_document() {
    let src = "{ _id: ObjectId(), ref: UUID(), at: new Date(), n: 1 }";
    let now = parse_iso("2026-10-08T03:45:49.477Z").unwrap();
    let a = shell::parse_document(src, &mut SeededGenerator::from_seed(9, now)).unwrap();
    let b = shell::parse_document(src, &mut SeededGenerator::from_seed(9, now)).unwrap();
    assert_eq!(a.value, b.value);
    assert_eq!(a.value.get("at"), Some(&Value::DateTime(now)));
    let Some(Value::ObjectId(id)) = a.value.get("_id") else {
        panic!("an ObjectId");
    };
    assert_eq!(
        *id,
        processes_from_seed(9, 1)[0].clone().next_id(1_791_431_149)
    );
    let c = shell::parse_document(src, &mut SeededGenerator::from_seed(10, now)).unwrap();
    assert_ne!(a.value, c.value);
}

// ---------------------------------------------------------------------------------------------
// UUIDs

const MONGOSH_UUID: &str = "340a73e3-5b2b-45a8-892d-712753c15406";
const SPEC_UUID: &str = "00112233-4455-6677-8899-aabbccddeeff";

fn bytes16(hex_text: &str) -> [u8; 16] {
    hex::decode(hex_text).unwrap().try_into().unwrap()
}

#[test]
fn a_uuid_has_the_base64_mongosh_prints() {
    let u = Uuid::parse(MONGOSH_UUID).unwrap();
    assert_eq!(Uuid::parse("340a73e35b2b45a8892d712753c15406"), Ok(u));
    assert_eq!(base64::encode(&u.0), "NApz41srRaiJLXEnU8FUBg==");
    assert_eq!(u.to_shell(), "UUID('340a73e3-5b2b-45a8-892d-712753c15406')");
    assert_eq!((u.version(), u.is_rfc_variant()), (4, true));
    let b = u.to_binary();
    assert_eq!(b.subtype, 4);
    assert_eq!(Uuid::from_binary(&b), Ok(u));
}

#[test]
fn legacy_orders_match_the_uuid_spec_vectors() {
    // mongodb/specifications source/uuid.rst, "Explicit encoding" 1-5.
    let u = Uuid::parse(SPEC_UUID).unwrap();
    assert_eq!(
        u.to_binary().bytes,
        bytes16("00112233445566778899AABBCCDDEEFF")
    );
    let cases = [
        (LegacyOrder::Java, "7766554433221100FFEEDDCCBBAA9988"),
        (LegacyOrder::CSharp, "33221100554477668899AABBCCDDEEFF"),
        (LegacyOrder::Python, "00112233445566778899AABBCCDDEEFF"),
    ];
    for (order, stored) in cases {
        let b = u.to_legacy_binary(order);
        assert_eq!(
            (b.subtype, b.bytes.as_slice()),
            (3, &bytes16(stored)[..]),
            "{order}"
        );
        assert_eq!(to_legacy(u.0, order), bytes16(stored), "{order}");
        // "Explicit decoding" 2-4: the subtype 3 data reads back with its own order only.
        assert_eq!(Uuid::from_legacy_binary(&b, order), Ok(u), "{order}");
        assert_eq!(from_legacy(bytes16(stored), order), u.0, "{order}");
        assert!(Uuid::from_binary(&b).is_err(), "{order}");
    }
    // "Explicit decoding" 1: subtype 4 is not legacy data.
    for order in LegacyOrder::ALL {
        assert!(Uuid::from_legacy_binary(&u.to_binary(), order).is_err());
    }
}

#[test]
fn java_bytes_read_as_csharp_are_another_uuid() {
    let u = Uuid::parse(SPEC_UUID).unwrap();
    let java = u.to_legacy_binary(LegacyOrder::Java);
    let misread = Uuid::from_legacy_binary(&java, LegacyOrder::CSharp).unwrap();
    assert_ne!(misread, u);
    assert_eq!(
        misread.to_shell(),
        "UUID('44556677-2233-0011-ffee-ddccbbaa9988')"
    );
}

#[test]
fn uuid_errors_explain() {
    let e = Uuid::parse("340a73e3-5b2b-45a8-892d-712753c154").unwrap_err();
    assert_eq!(
        e.to_string(),
        "a UUID is 32 hex digits, but `340a73e3-5b2b-45a8-892d-712753c154` has 30 (2 too few)"
    );
    let e = Uuid::parse("340a73e3-5b2b-45a8-892d-712753c1540g").unwrap_err();
    assert!(e.to_string().contains("`g` at column 36"), "{e}");
    let wrong = Binary {
        subtype: 0,
        bytes: vec![0; 16],
    };
    assert_eq!(
        Uuid::from_binary(&wrong).unwrap_err().to_string(),
        "a UUID is binary subtype 4, but this is subtype 0"
    );
}

proptest! {
    #[test]
    fn uuid_text_round_trips(bytes in any::<[u8; 16]>()) {
        let u = Uuid(bytes);
        let text = u.to_string();
        prop_assert_eq!(Uuid::parse(&text), Ok(u));
        prop_assert_eq!(Uuid::parse(&text.replace('-', "")), Ok(u));
        prop_assert_eq!(Uuid::parse(&text.to_uppercase()), Ok(u));
        prop_assert_eq!(Uuid::from_binary(&u.to_binary()), Ok(u));
        for order in LegacyOrder::ALL {
            prop_assert_eq!(Uuid::from_legacy_binary(&u.to_legacy_binary(order), order), Ok(u));
        }
    }

    #[test]
    fn v4_sets_version_and_variant(seed in any::<u64>()) {
        let u = Uuid::new_v4(&mut seeded_rng(seed));
        prop_assert_eq!(u.version(), 4);
        prop_assert!(u.is_rfc_variant());
        prop_assert_eq!(u.to_string().as_bytes()[14], b'4');
    }
}

// ---------------------------------------------------------------------------------------------
// The `oid` command

fn bson_tutor(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bson-tutor"))
        .args(args)
        .output()
        .expect("binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn cli_takes_a_mongosh_id_apart() {
    let out = bson_tutor(&["oid", "6ac711ed454f588ca2d05d4b"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "ObjectId('6ac711ed454f588ca2d05d4b')");
    assert!(lines[1].contains("timestamp") && lines[1].contains("6ac711ed"));
    assert!(lines[1].contains("1791431149") && lines[1].contains("2026-10-08T03:45:49Z"));
    assert!(lines[2].contains("random value") && lines[2].contains("454f588ca2"));
    assert!(lines[3].contains("counter") && lines[3].contains("d05d4b"));
    assert!(lines[3].contains("13655371"));
    assert!(lines[4].starts_with("getTimestamp(): 2026-10-08T03:45:49.000Z"));
    // As mongosh prints it, too.
    let shell = bson_tutor(&["oid", "ObjectId('6ac711ed454f588ca2d05d4b')"]);
    assert_eq!(stdout(&shell), text);
}

#[test]
fn cli_refuses_a_25_digit_id_with_exit_1() {
    let out = bson_tutor(&["oid", "6ac711ed454f588ca2d05d4b0"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "error: an ObjectId is 24 hex digits, but `6ac711ed454f588ca2d05d4b0` has 25 (1 too many)\n"
    );
    assert!(stdout(&out).is_empty());
}

#[test]
fn cli_makes_one_id_now_by_default() {
    let out = bson_tutor(&["oid"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let id = oid(text.trim_end());
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    assert!(u64::from(id.timestamp()).abs_diff(now) <= 5, "{text}");
    assert_eq!(text.lines().count(), 1);
}

#[test]
fn cli_seed_and_time_make_the_same_ids_as_the_library() {
    let args = [
        "oid",
        "--seed",
        "0",
        "--at",
        "2026-10-08T03:45:49.477Z",
        "-n",
        "3",
    ];
    let out = bson_tutor(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let mut p = processes_from_seed(0, 1).remove(0);
    let expected: String = (0..3)
        .map(|_| format!("{}\n", p.next_id(1_791_431_149)))
        .collect();
    assert_eq!(stdout(&out), expected);
    assert_eq!(stdout(&bson_tutor(&args)), expected);
}

#[test]
fn cli_split_prints_the_three_parts() {
    let out = bson_tutor(&[
        "oid",
        "--seed",
        "0",
        "--at",
        "2026-10-08T03:45:49Z",
        "--split",
        "-n",
        "2",
    ]);
    assert_eq!(
        stdout(&out),
        "6ac711ed | 7f6f2ccdb2 | 27697b\n6ac711ed | 7f6f2ccdb2 | 27697c\n"
    );
}

#[test]
fn cli_two_processes_interleave_and_sort_by_random_value() {
    let base = [
        "oid",
        "--seed",
        "1",
        "--at",
        "2026-10-08T03:46:09Z",
        "--processes",
        "2",
        "-n",
        "2",
    ];
    let made = stdout(&bson_tutor(&base));
    assert_eq!(
        made,
        "A  6ac71201611830d3640d694a\n\
         B  6ac7120125d1f4b0da8fc15a\n\
         A  6ac71201611830d3640d694b\n\
         B  6ac7120125d1f4b0da8fc15b\n"
    );
    let mut sorted_args = base.to_vec();
    sorted_args.extend(["--sort", "--split"]);
    assert_eq!(
        stdout(&bson_tutor(&sorted_args)),
        "B  6ac71201 | 25d1f4b0da | 8fc15a\n\
         B  6ac71201 | 25d1f4b0da | 8fc15b\n\
         A  6ac71201 | 611830d364 | 0d694a\n\
         A  6ac71201 | 611830d364 | 0d694b\n"
    );
}

#[test]
fn cli_bad_time_is_exit_1_with_the_reason() {
    let out = bson_tutor(&["oid", "--at", "2026-10-08T03:45:49"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).starts_with("error: --at: "),
        "{}",
        stderr(&out)
    );
    assert!(stderr(&out).contains("time zone"), "{}", stderr(&out));
    let out = bson_tutor(&["oid", "--at", "1969-12-31T23:59:59Z"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("4 unsigned bytes"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn cli_usage_errors_are_clap_errors() {
    // An id to take apart does not mix with generating options; 27 processes is too many.
    assert_eq!(
        bson_tutor(&["oid", "6ac711ed454f588ca2d05d4b", "--count", "2"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        bson_tutor(&["oid", "--processes", "27"]).status.code(),
        Some(2)
    );
    assert_eq!(bson_tutor(&["oid", "--count", "0"]).status.code(), Some(2));
}
