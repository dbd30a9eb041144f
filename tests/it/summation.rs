//! `$sum`, `$add`, `$subtract`, `$multiply` and `$divide` against models of the server's
//! algorithms written here, apart from the engine: mongodb/mongo `src/mongo/util/summation.h`
//! (`DoubleDoubleSummation`: 2Sum and Fast2Sum, a long added as its high and low 32-bit
//! halves, a plain sum kept for NaN) and `src/mongo/db/exec/expression/evaluate_math.cpp`
//! (`AddState`, `MultiplyState`, `evaluateSubtract`, `evaluateDivide`). Integer results are
//! checked against exact i128 arithmetic. Random operands mix ints, longs near the 2^53 and
//! 2^63 edges, and doubles (tiny, huge, negative zero, infinities, NaN).

use bson_tutor::bson::{Document, Value};
use bson_tutor::query::expr::evaluate;
use proptest::prelude::*;

/// A number as the models see it.
#[derive(Clone, Copy, Debug)]
enum N {
    I(i32),
    L(i64),
    D(f64),
}

impl N {
    fn value(self) -> Value {
        match self {
            N::I(x) => Value::Int32(x),
            N::L(x) => Value::Int64(x),
            N::D(x) => Value::Double(x),
        }
    }
    fn f(self) -> f64 {
        match self {
            N::I(x) => f64::from(x),
            N::L(x) => x as f64,
            N::D(x) => x,
        }
    }
    fn rank(self) -> u8 {
        match self {
            N::I(_) => 0,
            N::L(_) => 1,
            N::D(_) => 2,
        }
    }
    fn int(self) -> i128 {
        match self {
            N::I(x) => i128::from(x),
            N::L(x) => i128::from(x),
            N::D(_) => unreachable!("only integers"),
        }
    }
}

fn number() -> impl Strategy<Value = N> {
    prop_oneof![
        any::<i32>().prop_map(N::I),
        prop_oneof![Just(i32::MAX), Just(i32::MIN), Just(0), Just(1), Just(-1)].prop_map(N::I),
        any::<i64>().prop_map(N::L),
        prop_oneof![
            Just(i64::MAX),
            Just(i64::MIN),
            Just(9_007_199_254_740_993),
            Just(-9_007_199_254_740_993),
            Just(1 << 53),
            Just((1 << 32) + 1),
        ]
        .prop_map(N::L),
        (-1_000_000i64..1_000_000).prop_map(N::L),
        any::<f64>().prop_map(N::D),
        prop_oneof![
            Just(0.1),
            Just(1e-10),
            Just(-0.0),
            Just(0.0),
            Just(1e308),
            Just(f64::INFINITY),
            Just(f64::NEG_INFINITY),
            Just(f64::NAN),
            Just(9_007_199_254_740_992.0),
            Just(0.5),
        ]
        .prop_map(N::D),
        (-1e6f64..1e6).prop_map(N::D),
    ]
}

/// Values compared by type and bits (any NaN equals any NaN).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Double(x), Value::Double(y)) => {
            (x.is_nan() && y.is_nan()) || x.to_bits() == y.to_bits()
        }
        _ => a == b,
    }
}

fn eval(op: &str, args: &[N]) -> Result<Value, String> {
    let mut e = Document::new();
    e.push(op, Value::Array(args.iter().map(|n| n.value()).collect()));
    evaluate(&Value::Document(e), None).map_err(|e| e.to_string())
}

/// The server's double-double running sum, as summation.h describes it.
#[derive(Default)]
struct Model {
    hi: f64,
    lo: f64,
    plain: f64,
}

impl Model {
    fn add(&mut self, x: f64) {
        self.plain += x;
        // Fast2Sum of the new value with the small term (|lo| is the smaller).
        let s = x + self.lo;
        let t = self.lo - (s - x);
        self.lo = t;
        // 2Sum of the running sum with the result.
        let sum = self.hi + s;
        let hi_back = sum - s;
        let s_back = sum - hi_back;
        let err = (self.hi - hi_back) + (s - s_back);
        self.hi = sum;
        self.lo += err;
    }
    fn add_long(&mut self, x: i64) {
        // The high half is x truncated toward zero to a multiple of 2^32.
        let high = (x / 4_294_967_296) * 4_294_967_296;
        self.add((x - high) as f64);
        self.add(high as f64);
    }
    fn double(&self) -> f64 {
        if self.hi.is_nan() {
            self.plain
        } else {
            self.hi
        }
    }
    fn long(&self) -> Option<i64> {
        const TWO63: f64 = 9_223_372_036_854_775_808.0;
        let fits = (self.hi > -TWO63 && self.hi < TWO63)
            || (self.hi == TWO63 && self.lo < -0.5)
            || (self.hi == -TWO63 && self.lo >= -0.5);
        if !fits {
            return None;
        }
        if self.hi == TWO63 {
            return Some(((self.lo.round() as i128) + (1i128 << 63)) as i64);
        }
        let r = self.hi.round() as i64;
        Some(r.wrapping_add(((self.hi - r as f64) + self.lo).round() as i64))
    }
}

fn model_sum(args: &[N]) -> Value {
    let mut m = Model::default();
    let rank = args.iter().map(|n| n.rank()).max().unwrap_or(0);
    for n in args {
        match *n {
            N::I(x) => m.add(f64::from(x)),
            N::L(x) => m.add_long(x),
            N::D(x) => m.add(x),
        }
    }
    match (rank, m.long()) {
        (0, Some(l)) => i32::try_from(l).map_or(Value::Int64(l), Value::Int32),
        (1, Some(l)) => Value::Int64(l),
        _ => Value::Double(m.double()),
    }
}

fn model_add(args: &[N]) -> Value {
    // AddState: a long total until a double is met or the long overflows, then a double
    // total that starts from the long total.
    let mut rank = 0u8;
    let mut long: i64 = 0;
    let mut double = 0.0f64;
    for n in args {
        let new_rank = rank.max(n.rank());
        if new_rank == 2 && rank < 2 {
            double = long as f64;
        }
        rank = new_rank;
        if rank < 2 {
            match long.checked_add(n.int() as i64) {
                Some(v) => long = v,
                None => {
                    rank = 2;
                    double = long as f64 + n.f();
                }
            }
        } else {
            double += n.f();
        }
    }
    match rank {
        0 => i32::try_from(long).map_or(Value::Int64(long), Value::Int32),
        1 => Value::Int64(long),
        _ => Value::Double(double),
    }
}

fn model_multiply(args: &[N]) -> Value {
    // MultiplyState: a double product of every operand beside an exact integer product,
    // given up (for the double) on overflow.
    let mut rank = 0u8;
    let mut exact: i128 = 1;
    let mut double = 1.0f64;
    for n in args {
        rank = rank.max(n.rank());
        double *= n.f();
        if rank < 2 {
            exact *= n.int();
            if exact > i128::from(i64::MAX) || exact < i128::from(i64::MIN) {
                rank = 2;
            }
        }
    }
    match rank {
        0 => i32::try_from(exact).map_or(Value::Int64(exact as i64), Value::Int32),
        1 => Value::Int64(exact as i64),
        _ => Value::Double(double),
    }
}

fn model_subtract(a: N, b: N) -> Value {
    match a.rank().max(b.rank()) {
        2 => Value::Double(a.f() - b.f()),
        rank => {
            let exact = a.int() - b.int();
            match i64::try_from(exact) {
                Ok(v) if rank == 0 => i32::try_from(v).map_or(Value::Int64(v), Value::Int32),
                Ok(v) => Value::Int64(v),
                Err(_) => Value::Double(a.f() - b.f()),
            }
        }
    }
}

fn model_divide(a: N, b: N) -> Result<Value, String> {
    if b.f() == 0.0 {
        return Err("can't $divide by zero".into());
    }
    Ok(Value::Double(a.f() / b.f()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn sum_matches_the_double_double_model(args in prop::collection::vec(number(), 0..12)) {
        let got = eval("$sum", &args).unwrap();
        let want = model_sum(&args);
        prop_assert!(same(&got, &want), "$sum {args:?}: got {got:?}, model {want:?}");
        // Integers whose sum fits 64 bits are exact.
        if args.iter().all(|n| n.rank() < 2) {
            let exact: i128 = args.iter().map(|n| n.int()).sum();
            if let Ok(l) = i64::try_from(exact) {
                let n = match got {
                    Value::Int32(v) => i64::from(v),
                    Value::Int64(v) => v,
                    ref other => panic!("{other:?}"),
                };
                prop_assert_eq!(n, l);
            }
        }
    }

    #[test]
    fn add_matches_the_add_state_model(args in prop::collection::vec(number(), 0..8)) {
        let got = eval("$add", &args).unwrap();
        let want = model_add(&args);
        prop_assert!(same(&got, &want), "$add {args:?}: got {got:?}, model {want:?}");
    }

    #[test]
    fn multiply_matches_the_multiply_state_model(args in prop::collection::vec(number(), 0..6)) {
        let got = eval("$multiply", &args).unwrap();
        let want = model_multiply(&args);
        prop_assert!(same(&got, &want), "$multiply {args:?}: got {got:?}, model {want:?}");
    }

    #[test]
    fn subtract_and_divide_match_their_models(a in number(), b in number()) {
        let got = eval("$subtract", &[a, b]).unwrap();
        let want = model_subtract(a, b);
        prop_assert!(same(&got, &want), "$subtract {a:?} {b:?}: got {got:?}, model {want:?}");
        let got = eval("$divide", &[a, b]);
        let want = model_divide(a, b);
        match (&got, &want) {
            (Ok(g), Ok(w)) => prop_assert!(same(g, w), "$divide {a:?} {b:?}: {g:?} vs {w:?}"),
            _ => prop_assert_eq!(got, want),
        }
    }
}

#[test]
fn the_issues_long_and_tiny_double() {
    // Issue 16: the server answers 9007199254740994 (the high/low split keeps the 1).
    let args = [N::L(9_007_199_254_740_993), N::D(1e-10)];
    assert!(same(
        &eval("$sum", &args).unwrap(),
        &Value::Double(9_007_199_254_740_994.0)
    ));
    assert!(same(
        &model_sum(&args),
        &Value::Double(9_007_199_254_740_994.0)
    ));
}
