use super::*;

fn panel() -> ConsolePanel {
    let console = Shared::new(1, Some(1_791_431_149_000), Box::new(|| 1_791_431_149_000))
        .expect("the console starts");
    ConsolePanel::new(console, Lang::En)
}

/// Types `line` and presses Enter, running it on the spot.
fn enter(p: &mut ConsolePanel, line: &str) {
    p.input.set(line);
    if let Some(source) = p.submit() {
        let evaluated = p.console().run(&source);
        p.evaluated(evaluated);
    }
}

fn texts(p: &ConsolePanel) -> Vec<String> {
    p.lines().map(|l| l.text.clone()).collect()
}

#[test]
fn a_cursor_prints_its_documents_and_each_has_its_own_lines() {
    let mut p = panel();
    enter(
        &mut p,
        "db.t.insertMany([{ _id: 1, s: 'a'.repeat(30) }, { _id: 2, s: 'b'.repeat(30) }, { _id: 3, s: 'c' }])",
    );
    enter(&mut p, "db.t.find()");
    let lines = texts(&p);
    let at = lines.iter().position(|l| l == "test> db.t.find()").unwrap();
    assert_eq!(lines[at + 1], "[");
    // The insertMany result is a document too; then the three of the cursor.
    assert_eq!(p.documents().count(), 4);
    p.select(0);
    assert_eq!(p.selected(), Some(3));
    let last = p.selected_lines().unwrap();
    assert_eq!(lines[last.start], "  { _id: 3, s: 'c' }");
    assert_eq!(last.len(), 1);
    p.select(-1);
    let second = p.selected_lines().unwrap();
    assert!(lines[second.start].starts_with("  { _id: 2"), "{lines:?}");
    assert!(p.open_selected());
    let opened = p.opened().unwrap();
    let model = opened.model.as_ref().unwrap();
    // { _id: 2 (int32), s: 30 b's }: 4 + 1+4+4 + 1+2+4+31 + 1 = 52 bytes.
    assert_eq!(model.bytes().len(), 52);
    assert_eq!(model.bytes()[4], 0x10, "the _id is an int32");
    assert_eq!(p.focus(), ConsoleFocus::Hex);
}

#[test]
fn an_unfinished_statement_asks_for_the_next_line() {
    let mut p = panel();
    enter(&mut p, "for (let i = 0; i < 3; i++) {");
    assert_eq!(p.prompt(), "... ");
    enter(&mut p, "  print(i * 10)");
    enter(&mut p, "}");
    assert_eq!(p.prompt(), "test> ");
    assert_eq!(
        texts(&p),
        [
            "test> for (let i = 0; i < 3; i++) {",
            "...   print(i * 10)",
            "... }",
            "0",
            "10",
            "20",
        ]
    );
    // The history holds the statement whole.
    p.recall(-1);
    assert_eq!(
        p.input().text(),
        "for (let i = 0; i < 3; i++) {   print(i * 10) }"
    );
}

#[test]
fn esc_drops_an_unfinished_statement() {
    let mut p = panel();
    enter(&mut p, "db.t.insertOne({");
    assert!(p.abandon());
    assert_eq!(p.prompt(), "test> ");
    assert!(!p.abandon(), "nothing left to drop");
    enter(&mut p, "db.t.countDocuments()");
    assert_eq!(texts(&p).last().unwrap(), "0");
}

#[test]
fn variables_and_the_database_stay_between_lines() {
    let mut p = panel();
    enter(&mut p, "use lab04");
    assert_eq!(p.prompt(), "lab04> ");
    enter(&mut p, "const d = 0.1 + 0.2");
    enter(&mut p, "d");
    assert_eq!(texts(&p).last().unwrap(), "0.30000000000000004");
}

#[test]
fn an_error_prints_as_mongosh_prints_it() {
    let mut p = panel();
    enter(&mut p, "db.t.insertOne({ _id: 1 })");
    enter(&mut p, "db.t.insertOne({ _id: 1 })");
    let lines = texts(&p);
    let last = &lines[lines.len() - 2];
    assert!(
        last.starts_with("Uncaught MongoServerError: E11000 duplicate key error collection: test.t index: _id_ dup key: { _id: 1 }"),
        "{last}"
    );
    enter(&mut p, "null.x");
    let lines = texts(&p);
    assert_eq!(
        lines[lines.len() - 2],
        "Uncaught TypeError: cannot read property 'x' of null"
    );
    assert_eq!(lines[lines.len() - 1], "    at <repl>:1:1");
}

#[test]
fn history_walks_back_and_forth_and_keeps_the_draft() {
    let mut p = panel();
    enter(&mut p, "1 + 1");
    enter(&mut p, "2 + 2");
    enter(&mut p, "2 + 2");
    p.input.set("draft");
    p.recall(-1);
    assert_eq!(p.input().text(), "2 + 2");
    p.recall(-1);
    assert_eq!(
        p.input().text(),
        "1 + 1",
        "a repeated statement is kept once"
    );
    p.recall(-1);
    assert_eq!(p.input().text(), "1 + 1");
    p.recall(1);
    p.recall(1);
    assert_eq!(p.input().text(), "draft");
}

#[test]
fn completion_puts_in_one_name_and_lists_several() {
    let mut p = panel();
    enter(&mut p, "db.orders.insertOne({ a: 1 })");
    p.input.set("db.ord");
    let c = p.console().complete(p.input().text()).unwrap();
    p.completed(c);
    assert_eq!(p.input().text(), "db.orders");
    p.input.set("db.orders.findOne");
    let c = p.console().complete(p.input().text()).unwrap();
    p.completed(c);
    assert!(p.input().text().starts_with("db.orders.findOne"));
    let listed = texts(&p).last().unwrap().clone();
    assert!(listed.contains("findOneAndUpdate"), "{listed}");
}

#[test]
fn control_characters_are_escaped_and_long_lines_cut() {
    let mut p = panel();
    enter(&mut p, r#"print("\x1b[2J" + "x".repeat(5000))"#);
    let last = texts(&p).last().unwrap().clone();
    assert!(last.starts_with("\\u{1b}[2J"), "{last:.40}");
    assert!(last.ends_with("… (+3009)"), "{}", &last[last.len() - 20..]);
}

#[test]
fn the_transcript_keeps_its_last_lines_and_their_documents() {
    let mut p = panel();
    enter(&mut p, "for (let i = 0; i < 3000; i++) printjson({ i })");
    assert_eq!(p.lines().len(), 3001);
    enter(&mut p, "for (let i = 3000; i < 6000; i++) printjson({ i })");
    assert_eq!(p.lines().len(), MAX_LINES);
    assert_eq!(p.documents().count(), MAX_LINES - 1);
    p.select_edge(false);
    let first = p.selected_lines().unwrap();
    assert_eq!(
        p.lines().nth(first.start - p.first_line).unwrap().text,
        "{ i: 1001 }"
    );
}

#[test]
fn document_lines_follow_mongosh_s_layout() {
    let text = "[\n  { a: 1 },\n  {\n    b: 2\n  }\n]\nType \"it\" for more";
    assert_eq!(document_lines(text, 2), [1..2, 2..5]);
    assert_eq!(document_lines("[ { a: 1 }, { a: 2 } ]", 2), [0..1, 0..1]);
    let one = document_lines("{ a: 1 }", 1);
    assert_eq!((one.len(), one.first()), (1, Some(&(0..1))));
    assert!(document_lines("text", 0).is_empty());
}

#[test]
fn a_cursor_echoes_twenty_documents_and_it_shows_the_rest() {
    let mut p = panel();
    enter(
        &mut p,
        "db.sq.insertMany(Array.from({ length: 25 }, (_, i) => ({ _id: i })))",
    );
    enter(&mut p, "db.sq.find()");
    assert_eq!(texts(&p).last().unwrap(), "Type \"it\" for more");
    assert_eq!(p.documents().count(), 1 + 20);
    enter(&mut p, "it");
    assert_eq!(p.documents().count(), 1 + 25);
    p.select(0);
    let last = p.selected_lines().unwrap();
    // Five short documents print on one line: each selects that line.
    assert_eq!(
        texts(&p)[last.start],
        "[ { _id: 20 }, { _id: 21 }, { _id: 22 }, { _id: 23 }, { _id: 24 } ]"
    );
    enter(&mut p, "show dbs");
    assert!(
        texts(&p).last().unwrap().starts_with("test"),
        "{:?}",
        texts(&p)
    );
}
