//! Binary subtype 9, a vector, as mongosh shows it (`printable-bson.ts` in
//! mongodb-js/mongosh, `binaryVectorInspect`): by its first byte, the element type, as
//! `Binary.fromInt8Array(new Int8Array([...]))`, `Binary.fromFloat32Array(new Float32Array(
//! [...]))` or `Binary.fromPackedBits(new Uint8Array([...]), padding)`; the second byte is the
//! padding (of the last byte's bits, packed bits only). A vector js-bson would refuse to read
//! (`validateBinaryVector`: padding on int8 or float32, float32 bytes not a multiple of 4,
//! padding over 7, padding on an empty bit vector) prints as plain bytes.

/// The element-type byte of an int8 vector.
pub(in crate::bson::shell) const INT8: u8 = 0x03;
/// The element-type byte of a float32 vector.
pub(in crate::bson::shell) const FLOAT32: u8 = 0x27;
/// The element-type byte of a packed-bit vector.
pub(in crate::bson::shell) const PACKED_BIT: u8 = 0x10;

/// The elements of a well-formed vector.
pub(super) enum Vector {
    /// Signed bytes.
    Int8(Vec<i8>),
    /// Little-endian 32-bit floats.
    Float32(Vec<f32>),
    /// Bytes of bits, and how many bits of the last byte are padding.
    Packed(Vec<u8>, u8),
}

/// The vector the bytes of a subtype-9 binary hold, if js-bson reads one.
pub(super) fn vector(bytes: &[u8]) -> Option<Vector> {
    let (&[dtype, padding], data) = bytes.split_first_chunk::<2>()?;
    match dtype {
        INT8 if padding == 0 => Some(Vector::Int8(data.iter().map(|&b| b as i8).collect())),
        FLOAT32 if padding == 0 && data.len() % 4 == 0 => Some(Vector::Float32(
            data.chunks_exact(4)
                .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect(),
        )),
        PACKED_BIT if padding <= 7 && (padding == 0 || !data.is_empty()) => {
            Some(Vector::Packed(data.to_vec(), padding))
        }
        _ => None,
    }
}
