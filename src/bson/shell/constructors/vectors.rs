//! Vectors, binary subtype 9, as mongosh prints them and js-bson builds them
//! (`Binary.fromInt8Array`, `Binary.fromFloat32Array`, `Binary.fromPackedBits` in js-bson's
//! `src/binary.ts`): an element-type byte, a padding byte, then the elements. The typed
//! arrays they take convert numbers as JavaScript does: `Int8Array` and `Uint8Array` wrap
//! whole numbers modulo 256, `Float32Array` rounds to the nearest 32-bit float.

use super::super::printer::{FLOAT32, INT8, PACKED_BIT};
use super::super::reader::{Call, Item, Js, Parser, TypedArray};
use super::{args, number, subtype, type_error};
use crate::bson::parse_error::{ParseError, Takes};
use crate::bson::spec::{BINARY_VECTOR, MAX_DOCUMENT_SIZE};
use crate::bson::value::{Binary, Value};

/// `new Int8Array([...])`, `new Float32Array([...])`, `new Uint8Array([...])`, or a length.
pub(super) fn typed_array(
    p: &Parser<'_, '_>,
    call: &Call<'_>,
    class: TypedArray,
) -> Result<Js, ParseError> {
    let given = args(p, call, 0, 1, Takes::Number)?;
    let values: Vec<f64> = match given.first() {
        None => Vec::new(),
        Some(Item {
            js: Js::Bson(Value::Array(items)),
            start,
            ..
        }) => items
            .iter()
            .map(|v| match v {
                Value::Int32(n) => Ok(f64::from(*n)),
                Value::Double(x) => Ok(*x),
                _ => Err(type_error(
                    p,
                    call,
                    &Item {
                        js: Js::Bson(v.clone()),
                        start: *start,
                        end: *start,
                    },
                    Takes::Number,
                )),
            })
            .collect::<Result<_, _>>()?,
        Some(arg) => match number(arg) {
            // `new Int8Array(3)` is three zeros; no vector may outgrow a document.
            Some(n) if n.fract() == 0.0 && (0.0..=MAX_DOCUMENT_SIZE as f64).contains(&n) => {
                vec![0.0; n as usize]
            }
            _ => return Err(type_error(p, call, arg, Takes::Number)),
        },
    };
    let values = values
        .into_iter()
        .map(|x| match class {
            TypedArray::Int8 => f64::from(wrap_byte(x) as i8),
            TypedArray::Uint8 => f64::from(wrap_byte(x)),
            TypedArray::Float32 => f64::from(x as f32),
        })
        .collect();
    Ok(Js::TypedArray { class, values })
}

/// ECMAScript's ToUint8: the whole part modulo 256 (NaN and infinities are 0).
fn wrap_byte(x: f64) -> u8 {
    if !x.is_finite() {
        return 0;
    }
    x.trunc().rem_euclid(256.0) as u8
}

/// `Binary.fromInt8Array(...)`, `Binary.fromFloat32Array(...)`, `Binary.fromPackedBits(...)`.
pub(super) fn from_typed_array(p: &Parser<'_, '_>, call: &Call<'_>) -> Result<Value, ParseError> {
    let (wanted, dtype) = match call.name {
        "Binary.fromInt8Array" => (TypedArray::Int8, INT8),
        "Binary.fromFloat32Array" => (TypedArray::Float32, FLOAT32),
        _ => (TypedArray::Uint8, PACKED_BIT),
    };
    let max = if dtype == PACKED_BIT { 2 } else { 1 };
    let given = args(p, call, 1, max, Takes::TypedArray)?;
    let Js::TypedArray { class, values } = &given[0].js else {
        return Err(type_error(p, call, &given[0], Takes::TypedArray));
    };
    if *class != wanted {
        return Err(type_error(p, call, &given[0], Takes::TypedArray));
    }
    let padding = match given.get(1) {
        Some(arg) => subtype(p, call, arg)?,
        None => 0,
    };
    let mut bytes = vec![dtype, padding];
    for &x in values {
        match class {
            TypedArray::Float32 => bytes.extend((x as f32).to_le_bytes()),
            TypedArray::Int8 => bytes.push(x as i8 as u8),
            TypedArray::Uint8 => bytes.push(x as u8),
        }
    }
    Ok(Value::Binary(Binary {
        subtype: BINARY_VECTOR,
        bytes,
    }))
}
