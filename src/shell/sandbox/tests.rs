//! The frames, the start arguments and a session in this process.

use super::*;

#[test]
fn a_start_crosses_the_command_line_whole() {
    let mut start = Start::seeded(7, Some(1_791_431_149_000));
    start.data = Some(PathBuf::from("/tmp/a dir/with spaces"));
    assert_eq!(Start::from_args(&start.args()), Ok(start.clone()));
    start.rng = RngSeed::Bytes([0xab; 32]);
    start.now_ms = None;
    start.data = None;
    assert_eq!(Start::from_args(&start.args()), Ok(start));
    assert!(Start::from_args(&["--rng".into(), "pcg:1".into()]).is_err());
    assert!(Start::from_args(&["--client".into()]).is_err());
    assert!(Start::from_args(&["--evil".into(), "1".into()]).is_err());
}

#[test]
fn events_cross_the_pipe_as_they_were_sent() {
    let mut doc = Document::new();
    doc.push("_id", 1);
    let thrown = Thrown {
        name: "TypeError".into(),
        message: "x is not a function".into(),
        at: Some("<repl>:1:5".into()),
        stopped: Some(Stop::TimeLimit),
        out_of_memory: false,
        limit: Some(Limit::Output),
    };
    let mut bytes = Vec::new();
    let print = Output::Print {
        text: "[ { _id: 1 } ]".into(),
        documents: vec![doc.clone()],
    };
    output_frame(&print).send(&mut bytes).unwrap();
    output_frame(&Output::Warning("careful".into()))
        .send(&mut bytes)
        .unwrap();
    run_end_frame(Some(&thrown)).send(&mut bytes).unwrap();
    run_end_frame(None).send(&mut bytes).unwrap();
    let mut r = bytes.as_slice();
    let mut events = Vec::new();
    while let Some(frame) = read_frame(&mut r).unwrap() {
        events.push(parse_event(&frame).unwrap());
    }
    assert!(matches!(&events[0], Event::Output(o) if *o == print));
    assert!(matches!(&events[1], Event::Output(Output::Warning(w)) if w == "careful"));
    assert!(matches!(&events[2], Event::RunEnd(Some(t)) if *t == thrown));
    assert!(matches!(&events[3], Event::RunEnd(None)));
}

#[test]
fn a_broken_frame_is_an_error_not_a_panic_or_an_allocation() {
    // A length past the cap is refused before anything is allocated.
    let huge = [0xff, 0xff, 0xff, 0x7f, b'P'];
    assert!(read_frame(&mut huge.as_slice()).is_err());
    // Fields cut short, a document whose length runs past the frame, an unknown tag.
    for frame in [
        &b"P\x05\x00\x00\x00ab"[..],
        &b"P\x00\x00\x00\x00\x01\x00\x00\x00\xff\x00\x00\x00\x00"[..],
        &b"?"[..],
        &b"R\x01"[..],
    ] {
        assert!(parse_event(frame).is_err(), "{frame:?}");
    }
    assert!(read_frame(&mut [].as_slice()).unwrap().is_none());
}

#[test]
fn a_local_session_runs_and_lists_its_databases() {
    let start = Start::seeded(1, Some(1_791_431_149_000));
    let mut session = Session::start(start, Box::new(|| 1_791_431_149_000)).unwrap();
    let run = session.eval(
        "db.t.insertOne({ _id: 1 }); print(db.t.countDocuments())",
        "t.js",
        Echo::Nothing,
    );
    assert_eq!(run.text(), "1\n");
    let dbs = session.databases().unwrap();
    assert_eq!(dbs["test"]["t"].len(), 1);
    let mut with_data = Start::seeded(1, None);
    with_data.data = Some(PathBuf::from("d"));
    assert!(Session::start(with_data, Box::new(|| 0)).is_err());
}
