// The mongosh API over bson-tutor's engine, in the console's JavaScript (see src/shell.rs).
//
// Everything the server does (storing, matching, sorting, updating, aggregating, sizes,
// Extended JSON) happens in Rust behind one function, `__host(op, json)`; this file only
// gives it mongosh's shape: the BSON classes as js-bson has them, the database and
// collection objects, cursors, result objects and errors. Values cross as a tagged JSON
// (`["i", 42]` an int32, `["D", [[key, value], ...]]` a document) so that no user key is
// ever mistaken for an Extended JSON wrapper.
(function (global) {
  'use strict';
  const host = global.__host;
  delete global.__host;
  const RealDate = Date;
  const INT32_MIN = -2147483648;
  const INT32_MAX = 2147483647;
  const hidden = (obj, name, value) =>
    Object.defineProperty(obj, name, { value, enumerable: false, writable: true, configurable: true });

  // ---- errors ------------------------------------------------------------------------------

  class MongoServerError extends Error {
    constructor(message, code, codeName) {
      super(message);
      if (code !== undefined) this.code = code;
      if (codeName !== undefined) this.codeName = codeName;
    }
  }
  hidden(MongoServerError.prototype, 'name', 'MongoServerError');
  class MongoBulkWriteError extends MongoServerError {}
  hidden(MongoBulkWriteError.prototype, 'name', 'MongoBulkWriteError');
  class MongoshInvalidInputError extends Error {}
  hidden(MongoshInvalidInputError.prototype, 'name', 'MongoshInvalidInputError');
  class BSONError extends Error {}
  hidden(BSONError.prototype, 'name', 'BSONError');

  // One call into the engine: the reply is `{ ok: value }` or `{ err: { ... } }`.
  function call(op, args) {
    const reply = JSON.parse(host(op, JSON.stringify(args.map((a) => toTagged(a, [])))));
    if (reply.err) {
      const e = reply.err;
      let error;
      if (e.kind === 'bulk') error = new MongoBulkWriteError(e.message, e.code);
      else if (e.kind === 'write') error = new MongoServerError(e.message, e.code);
      else if (e.kind === 'server') error = new MongoServerError(e.message, e.code, e.codeName);
      else if (e.kind === 'bson') error = new BSONError(e.message);
      else if (e.kind === 'type') error = new TypeError(e.message);
      else if (e.kind === 'syntax') error = new SyntaxError(e.message);
      else error = new MongoshInvalidInputError(e.message);
      throw error;
    }
    return fromTagged(reply.ok);
  }
  const warn = (text) => host('warn', JSON.stringify([text]));

  // ---- the BSON classes ----------------------------------------------------------------

  // A constructor that, like mongosh's, also works without `new`.
  function bsonClass(name, init, proto) {
    const C = function (...args) {
      if (!new.target) return new C(...args);
      init.apply(this, args);
    };
    Object.defineProperty(C, 'name', { value: name });
    hidden(C, '__init', init);
    Object.assign(C.prototype, proto);
    hidden(C.prototype, '_bsontype', name);
    return C;
  }

  const HEX24 = /^[0-9a-fA-F]{24}$/;
  const ObjectId = bsonClass('ObjectId', function (id) {
    let hex;
    if (id === undefined || id === null) hex = call('oid', []);
    else if (typeof id === 'number') hex = call('oid', [Math.trunc(id)]);
    else if (typeof id === 'string' && HEX24.test(id)) hex = id.toLowerCase();
    else if (id && id._bsontype === 'ObjectId') hex = id.toHexString();
    else if (typeof id === 'string')
      throw new BSONError('input must be a 24 character hex string, 12 byte Uint8Array, or an integer');
    else throw new BSONError('Argument passed in does not match the accepted types');
    hidden(this, '__hex', hex);
  }, {
    toHexString() { return this.__hex; },
    toString() { return this.__hex; },
    toJSON() { return this.__hex; },
    getTimestamp() { return new RealDate(parseInt(this.__hex.slice(0, 8), 16) * 1000); },
    equals(other) {
      if (other === null || other === undefined) return false;
      if (typeof other === 'string') return other.toLowerCase() === this.__hex;
      return typeof other.toHexString === 'function' && other.toHexString() === this.__hex;
    },
    inspect() { return `ObjectId('${this.__hex}')`; },
  });
  ObjectId.createFromTime = function (secs) {
    return new ObjectId(((secs >>> 0).toString(16).padStart(8, '0')) + '0000000000000000');
  };
  ObjectId.createFromHexString = function (hex) {
    if (typeof hex !== 'string' || !HEX24.test(hex))
      throw new BSONError('hex string must be 24 characters');
    return new ObjectId(hex);
  };
  ObjectId.isValid = (id) =>
    (typeof id === 'string' && HEX24.test(id)) || (id && id._bsontype === 'ObjectId') ||
    (typeof id === 'number' && Number.isInteger(id));
  Object.defineProperty(ObjectId.prototype, 'id', { get() { return this.__hex; } });

  const INT64_MIN = -(2n ** 63n);
  const INT64_MAX = 2n ** 63n - 1n;
  const Long = bsonClass('Long', function (low, high, unsigned) {
    let v;
    if (typeof low === 'bigint') v = BigInt.asIntN(64, low);
    else if (typeof low === 'string') v = longFromString(low);
    else {
      const lo = BigInt((low | 0) >>> 0);
      const hi = BigInt(high | 0);
      v = BigInt.asIntN(64, (hi << 32n) | lo);
    }
    // js-bson's fields, in the order mongosh's JSON.stringify shows them.
    this.high = Number(BigInt.asIntN(32, v >> 32n));
    this.low = Number(BigInt.asIntN(32, v));
    this.unsigned = !!unsigned;
  }, {
    toBigInt() { return (BigInt(this.high) << 32n) | BigInt(this.low >>> 0); },
    toNumber() { return Number(this.toBigInt()); },
    toString(radix) { return this.toBigInt().toString(radix || 10); },
    valueOf() { return this.toNumber(); },
    toInt() { return this.low; },
    equals(o) { return this.toBigInt() === Long.fromValue(o).toBigInt(); },
    eq(o) { return this.equals(o); },
    compare(o) { const a = this.toBigInt(), b = Long.fromValue(o).toBigInt(); return a < b ? -1 : a > b ? 1 : 0; },
    add(o) { return Long.fromBigInt(this.toBigInt() + Long.fromValue(o).toBigInt()); },
    subtract(o) { return Long.fromBigInt(this.toBigInt() - Long.fromValue(o).toBigInt()); },
    multiply(o) { return Long.fromBigInt(this.toBigInt() * Long.fromValue(o).toBigInt()); },
    divide(o) { return Long.fromBigInt(this.toBigInt() / Long.fromValue(o).toBigInt()); },
    negate() { return Long.fromBigInt(-this.toBigInt()); },
    isZero() { return this.toBigInt() === 0n; },
    isNegative() { return this.toBigInt() < 0n; },
    inspect() { return `Long('${this.toString()}')`; },
  });
  function longFromString(s) {
    const t = String(s).trim();
    if (!/^[+-]?\d+$/.test(t)) throw new BSONError(`Input: '${s}' is not a valid integer string`);
    const v = BigInt(t);
    if (v < INT64_MIN || v > INT64_MAX) return BigInt.asIntN(64, v);
    return v;
  }
  Long.fromString = (s) => new Long(longFromString(s));
  Long.fromBigInt = (b) => new Long(BigInt.asIntN(64, b));
  Long.fromNumber = (n) => {
    if (!Number.isFinite(n)) return new Long(0n);
    if (n <= -9223372036854775808) return new Long(INT64_MIN);
    if (n >= 9223372036854775807) return new Long(INT64_MAX);
    return new Long(BigInt(Math.trunc(n)));
  };
  Long.fromInt = (n) => new Long(BigInt(n | 0));
  Long.fromValue = (v) =>
    v && v._bsontype === 'Long' ? v : typeof v === 'bigint' ? Long.fromBigInt(v) :
    typeof v === 'string' ? Long.fromString(v) : Long.fromNumber(Number(v));
  Long.isLong = (v) => !!v && v._bsontype === 'Long';
  Long.MAX_VALUE = new Long(INT64_MAX);
  Long.MIN_VALUE = new Long(INT64_MIN);
  Long.ZERO = new Long(0n);
  Long.ONE = new Long(1n);

  const Int32 = bsonClass('Int32', function (v) {
    let n = v && typeof v.valueOf === 'function' ? Number(v.valueOf()) : Number(v);
    this.value = n | 0;
  }, {
    valueOf() { return this.value; },
    toJSON() { return this.value; },
    toString(radix) { return this.value.toString(radix); },
    inspect() { return `Int32(${this.value})`; },
  });
  const Double = bsonClass('Double', function (v) {
    this.value = Number(v && typeof v.valueOf === 'function' ? v.valueOf() : v);
  }, {
    valueOf() { return this.value; },
    toJSON() { return this.value; },
    toString(radix) { return this.value.toString(radix); },
    inspect() { return `Double(${this.value})`; },
  });

  const Decimal128 = bsonClass('Decimal128', function (s) {
    if (typeof s !== 'string') throw new BSONError('Decimal128 must take a string');
    hidden(this, '__s', call('decimal', [s]));
  }, {
    toString() { return this.__s; },
    toJSON() { return { $numberDecimal: this.__s }; },
    inspect() { return `Decimal128('${this.__s}')`; },
  });
  Decimal128.fromString = (s) => new Decimal128(s);

  const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  function toBase64(bytes) {
    let out = '';
    for (let i = 0; i < bytes.length; i += 3) {
      const n = (bytes[i] << 16) | ((bytes[i + 1] || 0) << 8) | (bytes[i + 2] || 0);
      out += B64[(n >> 18) & 63] + B64[(n >> 12) & 63] +
        (i + 1 < bytes.length ? B64[(n >> 6) & 63] : '=') + (i + 2 < bytes.length ? B64[n & 63] : '=');
    }
    return out;
  }
  function fromBase64(s) {
    const clean = String(s).replace(/[^A-Za-z0-9+/]/g, '');
    const out = [];
    for (let i = 0; i < clean.length; i += 4) {
      const n = (B64.indexOf(clean[i]) << 18) | (B64.indexOf(clean[i + 1]) << 12) |
        ((B64.indexOf(clean[i + 2]) & 63) << 6) | (B64.indexOf(clean[i + 3]) & 63);
      out.push((n >> 16) & 255);
      if (i + 2 < clean.length) out.push((n >> 8) & 255);
      if (i + 3 < clean.length) out.push(n & 255);
    }
    return Uint8Array.from(out);
  }
  function fromHex(h) {
    const s = String(h);
    if (s.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(s)) throw new BSONError(`'${s}' is not a hex string`);
    const out = new Uint8Array(s.length / 2);
    for (let i = 0; i < out.length; i++) out[i] = parseInt(s.substr(i * 2, 2), 16);
    return out;
  }
  const toHex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

  const Binary = bsonClass('Binary', function (buffer, subType) {
    let bytes;
    if (buffer === undefined) bytes = new Uint8Array(0);
    else if (typeof buffer === 'string') bytes = Uint8Array.from(buffer, (c) => c.charCodeAt(0) & 255);
    else bytes = Uint8Array.from(buffer);
    this.sub_type = subType === undefined ? 0 : subType & 255;
    this.buffer = bytes;
    this.position = bytes.length;
  }, {
    length() { return this.position; },
    value() { return String.fromCharCode(...this.buffer); },
    toString(enc) { return enc === 'hex' ? toHex(this.buffer) : enc === 'base64' ? toBase64(this.buffer) : this.value(); },
    toJSON() { return toBase64(this.buffer); },
    toUUID() { return UUID(toHex(this.buffer)); },
    inspect() { return `Binary.createFromBase64('${toBase64(this.buffer)}', ${this.sub_type})`; },
  });
  Binary.SUBTYPE_DEFAULT = 0;
  Binary.SUBTYPE_FUNCTION = 1;
  Binary.SUBTYPE_BYTE_ARRAY = 2;
  Binary.SUBTYPE_UUID_OLD = 3;
  Binary.SUBTYPE_UUID = 4;
  Binary.SUBTYPE_MD5 = 5;
  Binary.SUBTYPE_ENCRYPTED = 6;
  Binary.SUBTYPE_COLUMN = 7;
  Binary.SUBTYPE_SENSITIVE = 8;
  Binary.SUBTYPE_VECTOR = 9;
  Binary.SUBTYPE_USER_DEFINED = 128;
  Binary.createFromBase64 = (b64, sub) => new Binary(fromBase64(b64), sub);
  Binary.createFromHexString = (hex, sub) => new Binary(fromHex(hex), sub);

  // mongosh's UUID() is a Binary of subtype 4 (so JSON.stringify shows its base64), which
  // prints as UUID('...').
  function UUID(hex) {
    let bytes;
    if (hex === undefined) bytes = Uint8Array.from(call('uuid', []));
    else if (typeof hex === 'string') {
      const h = hex.replace(/-/g, '');
      if (!/^[0-9a-fA-F]{32}$/.test(h))
        throw new BSONError('UUID string representation must be 32 hex digits or canonical hyphenated representation');
      bytes = fromHex(h);
    } else if (hex && hex._bsontype === 'Binary') bytes = Uint8Array.from(hex.buffer);
    else throw new BSONError('Argument passed in UUID constructor must be a UUID, a 16 byte Buffer or a 32/36 character hex string (dashes excluded/included, format: xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx).');
    return new Binary(bytes, Binary.SUBTYPE_UUID);
  }
  Object.assign(Binary.prototype, {
    toHexString(dashes = true) {
      const h = toHex(this.buffer);
      return dashes && this.sub_type === 4 ? `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}` : h;
    },
    equals(o) { return !!o && o.sub_type === this.sub_type && toHex(o.buffer || []) === toHex(this.buffer); },
  });
  UUID.generate = () => UUID();

  const Timestamp = bsonClass('Timestamp', function (low, high) {
    let t, i;
    if (low && typeof low === 'object' && !low._bsontype) { t = low.t; i = low.i; }
    else if (low && low._bsontype === 'Long') { t = low.high >>> 0; i = low.low >>> 0; }
    else { t = low === undefined ? 0 : low; i = high === undefined ? 0 : high; }
    // js-bson's Timestamp is a Long: low = increment, high = seconds.
    this.low = Number(i) >>> 0;
    this.high = Number(t) >>> 0;
    this.unsigned = true;
  }, {
    getHighBits() { return this.high; },
    getLowBits() { return this.low; },
    get t() { return this.high; },
    get i() { return this.low; },
    toJSON() { return { $timestamp: this.toString() }; },
    toString() { return ((BigInt(this.high) << 32n) | BigInt(this.low)).toString(); },
    inspect() { return `Timestamp({ t: ${this.high}, i: ${this.low} })`; },
  });
  const MinKey = bsonClass('MinKey', function () {}, {
    toJSON() { return { $minKey: 1 }; }, inspect() { return 'MinKey()'; },
  });
  const MaxKey = bsonClass('MaxKey', function () {}, {
    toJSON() { return { $maxKey: 1 }; }, inspect() { return 'MaxKey()'; },
  });
  const Code = bsonClass('Code', function (code, scope) {
    this.code = typeof code === 'function' ? code.toString() : String(code === undefined ? '' : code);
    this.scope = scope === undefined ? null : scope;
  }, {
    toJSON() { return this.scope ? { code: this.code, scope: this.scope } : { code: this.code }; },
  });
  const DBRef = bsonClass('DBRef', function (collection, oid, db, fields) {
    if (typeof collection !== 'string')
      throw new MongoshInvalidInputError("Argument at position 0 must be of type string, got " + typeof collection + ' instead');
    this.collection = collection;
    this.oid = oid;
    this.db = db;
    this.fields = fields || {};
  }, {
    get namespace() { return this.collection; },
    toJSON() {
      const o = { $ref: this.collection, $id: this.oid };
      if (this.db) o.$db = this.db;
      return Object.assign(o, this.fields);
    },
  });
  const BSONRegExp = bsonClass('BSONRegExp', function (pattern, options) {
    this.pattern = String(pattern);
    this.options = Array.from(String(options || '')).sort().join('');
  }, {
    toJSON() { return { $regularExpression: { pattern: this.pattern, options: this.options } }; },
  });
  const BSONSymbol = bsonClass('BSONSymbol', function (value) {
    this.value = String(value);
  }, {
    toString() { return this.value; }, valueOf() { return this.value; }, toJSON() { return this.value; },
  });

  // ---- crossing into the engine --------------------------------------------------------

  // The tagged form of a JavaScript value, with js-bson's serializer rules: an integral
  // number in the int32 range (and not -0) is an int32, any other number a double, a BigInt
  // an int64; `undefined` is null; functions and symbols are left out of documents.
  function toTagged(v, seen) {
    switch (typeof v) {
      case 'number':
        return Number.isInteger(v) && v >= INT32_MIN && v <= INT32_MAX && !Object.is(v, -0)
          ? ['i', v] : ['d', Object.is(v, -0) ? '-0' : String(v)];
      case 'bigint': return ['l', BigInt.asIntN(64, v).toString()];
      case 'string': return v;
      case 'boolean': return v;
      case 'undefined': return null;
      case 'function': return ['c', v.toString()];
      case 'symbol': return null;
    }
    if (v === null) return null;
    if (seen.includes(v)) throw new BSONError('Cannot convert circular structure to BSON');
    if (seen.length > 200) throw new BSONError('Maximum call stack size exceeded');
    if (v instanceof RealDate) {
      const t = v.getTime();
      return ['t', String(Number.isNaN(t) ? 0 : t)];
    }
    if (v instanceof RegExp) {
      // js-bson's serializeRegExp: i, then s for g (as it always has), then m; the other
      // JavaScript flags are dropped.
      return ['r', v.source, (v.ignoreCase ? 'i' : '') + (v.global ? 's' : '') + (v.multiline ? 'm' : '')];
    }
    switch (v._bsontype) {
      case 'ObjectId': return ['o', v.toHexString()];
      case 'Long': return ['l', v.toString()];
      case 'Timestamp': return ['T', v.high, v.low];
      case 'Int32': return ['i', v.value];
      case 'Double': return ['d', Object.is(v.value, -0) ? '-0' : String(v.value)];
      case 'Decimal128': return ['m', v.toString()];
      case 'Binary': return ['b', toBase64(v.buffer), v.sub_type];
      case 'MinKey': return ['min'];
      case 'MaxKey': return ['max'];
      case 'Code': return v.scope ? ['C', v.code, toTagged(v.scope, seen.concat([v]))] : ['c', v.code];
      case 'BSONRegExp': return ['r', v.pattern, v.options];
      case 'BSONSymbol': return ['y', v.value];
      case 'DBRef': return toTagged(v.toJSON(), seen.concat([v]));
    }
    const inner = seen.concat([v]);
    if (Array.isArray(v)) {
      const items = [];
      for (let i = 0; i < v.length; i++) items.push(toTagged(v[i], inner));
      return ['a', items];
    }
    if (v instanceof Uint8Array) return ['b', toBase64(v), 0];
    const pairs = [];
    const entries = v instanceof Map ? Array.from(v.entries()) : Object.keys(v).map((k) => [k, v[k]]);
    for (const [k, x] of entries) {
      if (typeof x === 'function' || typeof x === 'symbol') continue;
      pairs.push([String(k), toTagged(x, inner)]);
    }
    return ['D', pairs];
  }

  // A value from the engine as mongosh's driver gives it: int32 and double as numbers,
  // int64 as Long, regexes as RegExp, symbols as strings, DBRef-shaped documents as DBRef.
  function fromTagged(t) {
    if (t === null || typeof t !== 'object') return t;
    switch (t[0]) {
      case 'i': return t[1];
      case 'd': return Number(t[1]);
      case 'l': return new Long(BigInt(t[1]));
      case 'm': { const d = Object.create(Decimal128.prototype); hidden(d, '__s', t[1]); return d; }
      case 'o': return new ObjectId(t[1]);
      case 't': return new RealDate(Number(t[1]));
      case 'a': return t[1].map(fromTagged);
      case 'D': {
        const o = {};
        for (const [k, v] of t[1]) o[k] = fromTagged(v);
        if (typeof o.$ref === 'string' && '$id' in o) {
          const { $ref, $id, $db, ...rest } = o;
          return new DBRef($ref, $id, $db, rest);
        }
        return o;
      }
      case 'b': return new Binary(fromBase64(t[1]), t[2]);
      case 'T': return new Timestamp({ t: t[1], i: t[2] });
      case 'r': try { return new RegExp(t[1], t[2].replace(/[^imsu]/g, '')); } catch (e) { return new BSONRegExp(t[1], t[2]); }
      case 'c': return new Code(t[1]);
      case 'C': return new Code(t[1], fromTagged(t[2]));
      case 'y': return t[1];
      case 'min': return new MinKey();
      case 'max': return new MaxKey();
      case 'u': return undefined;
      case 'p': return new DBRef(t[1], new ObjectId(t[2]));
    }
    return undefined;
  }

  // ---- the clock and randomness: the console's own, never the machine's ----------------

  function ShellDate(...args) {
    if (!new.target) return new RealDate(call('now', [])).toString();
    if (args.length === 0) return new RealDate(call('now', []));
    return new RealDate(...args);
  }
  ShellDate.prototype = RealDate.prototype;
  ShellDate.now = () => call('now', []);
  ShellDate.UTC = RealDate.UTC;
  ShellDate.parse = RealDate.parse;
  Object.defineProperty(RealDate.prototype, 'constructor', { value: ShellDate, writable: true, configurable: true });
  let rng = call('seed', []) >>> 0 || 1;
  Math.random = function random() {
    // xorshift32 from the console's seed.
    rng ^= rng << 13; rng >>>= 0;
    rng ^= rng >>> 17;
    rng ^= rng << 5; rng >>>= 0;
    return rng / 4294967296;
  };

  function ISODate(input) {
    if (input === undefined) return new ShellDate();
    const m = String(input).match(/^(\d{4})-?(\d{2})-?(\d{2})(?:[T ](\d{2})(?::?(\d{2})(?::?(\d{2})(?:\.(\d+))?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/);
    if (m) {
      const [, Y, M, D, h, mi, s, ms, tz] = m;
      let zone = tz || 'Z';
      if (zone !== 'Z' && zone.length === 3) zone += ':00';
      else if (zone !== 'Z' && !zone.includes(':')) zone = zone.slice(0, 3) + ':' + zone.slice(3);
      const d = new RealDate(`${Y}-${M}-${D}T${h || '00'}:${mi || '00'}:${s || '00'}.${(ms || '000').padEnd(3, '0').slice(0, 3)}${zone}`);
      const t = d.getTime();
      if (t >= -62167219200000 && t <= 253402300799999) return d;
    }
    throw new MongoshInvalidInputError(`${JSON.stringify(input)} is not a valid ISODate`);
  }

  // ---- mongosh's constructor functions -------------------------------------------------

  function NumberInt(v = '0') { return new Int32(parseInt(`${v}`, 10)); }
  function NumberLong(v = '0') {
    if (typeof v === 'string') return Long.fromString(v);
    if (typeof v !== 'number') throw new MongoshInvalidInputError(`Argument at position 0 must be of type string or number, got ${typeof v} instead`);
    warn('NumberLong: specifying a number as argument is deprecated and may lead to loss of precision, pass a string instead');
    return Long.fromNumber(v);
  }
  function NumberDecimal(v = '0') {
    if (typeof v === 'string') return new Decimal128(v);
    if (typeof v !== 'number') throw new MongoshInvalidInputError(`Argument at position 0 must be of type string or number, got ${typeof v} instead`);
    warn('NumberDecimal: specifying a number as argument is deprecated and may lead to loss of precision, pass a string instead');
    return new Decimal128(`${v}`);
  }
  function BinData(subtype, b64) {
    if (typeof subtype !== 'number' || typeof b64 !== 'string')
      throw new MongoshInvalidInputError('Argument at position 0 must be of type number and position 1 of type string');
    return new Binary(fromBase64(b64), subtype);
  }
  function HexData(subtype, hex) { return new Binary(fromHex(hex), subtype); }
  function MD5(hex) { return new Binary(fromHex(hex), 5); }
  function DBPointer(ns, oid) {
    warn('DBPointer: DBPointer is deprecated, use DBRef instead');
    return new DBRef(ns, oid);
  }

  // ---- printing ------------------------------------------------------------------------

  // What `print` and the REPL show for one value: strings as they are, everything else as
  // mongosh's inspect shows it (the engine prints BSON the way mongosh does).
  function inspect(v) {
    if (typeof v === 'string') return v;
    if (v === undefined) return 'undefined';
    if (typeof v === 'function') return v.toString().startsWith('class') ? `[class ${v.name || '(anonymous)'}]` : `[Function: ${v.name || '(anonymous)'}]`;
    if (typeof v === 'symbol') return v.toString();
    if (typeof v === 'bigint') return `${v}n`;
    if (v instanceof Error) return `${v.name}: ${v.message}`;
    if (v instanceof Cursor) return v.__show();
    if (v instanceof Database) return v.getName();
    if (v instanceof Collection) return v.getFullName();
    const { value, circular } = markCircular(v);
    const text = call('inspect', [value]);
    return circular ? showCircular(text) : text;
  }
  // Node's util.inspect (which mongosh prints with) shows a value that contains itself as
  // `<ref *1> { a: 1, self: [Circular *1] }`: the reference back as `[Circular *N]`, the
  // object it leads to prefixed `<ref *N>`, N counted in the order the references are met.
  // The engine prints BSON, which has no such thing: a copy goes to it with each reference
  // back as a string of the same printed width (`'~Circular*1'`, as wide as
  // `[Circular *1]`) and each object referred to led by a marker, and the text is mended.
  const CIRCULAR = '~Circular*';
  const REF_KEY = '__bsonTutorRef__';
  const REF_ITEM = '~Ref*';
  function markCircular(v) {
    const path = [];
    const ids = new Map();
    const plain = (x) => x !== null && typeof x === 'object' && !x._bsontype
      && !(x instanceof RealDate) && !(x instanceof RegExp) && !(x instanceof Uint8Array);
    const walk = (x) => {
      if (!plain(x)) return x;
      if (path.includes(x)) {
        if (!ids.has(x)) ids.set(x, ids.size + 1);
        return CIRCULAR + ids.get(x);
      }
      if (path.length > 200) return x;
      path.push(x);
      let out;
      if (Array.isArray(x)) out = x.map(walk);
      else if (x instanceof Map) out = new Map(Array.from(x.entries()).map(([k, y]) => [k, walk(y)]));
      else {
        out = {};
        for (const k of Object.keys(x)) out[k] = walk(x[k]);
      }
      path.pop();
      if (ids.has(x)) {
        const n = ids.get(x);
        if (Array.isArray(out)) out.unshift(REF_ITEM + n);
        else if (out instanceof Map) out = new Map([[REF_KEY, n], ...out]);
        else out = { [REF_KEY]: n, ...out };
      }
      return out;
    };
    const value = walk(v);
    return ids.size ? { value, circular: true } : { value: v, circular: false };
  }
  function showCircular(text) {
    return text
      .replace(/'~Circular\*(\d+)'/g, '[Circular *$1]')
      .replace(/\{\s*__bsonTutorRef__: (\d+)\s*\}/g, '<ref *$1> {}')
      .replace(/\{(\s*)__bsonTutorRef__: (\d+),\s*/g, (m, space, n) => `<ref *${n}> {${space}`)
      .replace(/\[\s*'~Ref\*(\d+)'\s*\]/g, '<ref *$1> []')
      .replace(/\[(\s*)'~Ref\*(\d+)',\s*/g, (m, space, n) => `<ref *${n}> [${space}`);
  }
  // Writes `text` to the run's output with the documents it shows (the console can open
  // each in the hex view).
  const docsOf = (v) => (isDoc(v) ? [v] : Array.isArray(v) ? v.filter(isDoc) : []);
  function say(text, docs) {
    let tagged;
    try { tagged = toTagged(docs, []); } catch (e) { tagged = ['a', []]; }
    host('print', JSON.stringify([text, tagged]));
  }
  function print(...values) { say(values.map(inspect).join(' '), values.flatMap(docsOf)); }
  function printjson(...values) {
    for (const v of values) say(inspect(v), docsOf(v));
  }

  const EJSON = {
    stringify(value, replacer, space, options) {
      if (replacer && typeof replacer === 'object' && !Array.isArray(replacer)) { options = replacer; replacer = undefined; space = undefined; }
      else if (space && typeof space === 'object') { options = space; space = undefined; }
      const relaxed = !options || options.relaxed !== false;
      const text = call('ejson', [value, relaxed]);
      return replacer || space ? JSON.stringify(JSON.parse(text), replacer, space) : text;
    },
    parse(text, options) {
      const relaxed = !options || options.relaxed !== false;
      return call('ejsonParse', [String(text), relaxed]);
    },
    serialize(value, options) { return JSON.parse(EJSON.stringify(value, options)); },
    deserialize(value, options) { return EJSON.parse(JSON.stringify(value), options); },
  };

  // ---- cursors -------------------------------------------------------------------------

  const BATCH = 20;
  class Cursor {
    constructor(fetch, kind) {
      hidden(this, '__fetch', fetch);
      hidden(this, '__kind', kind);
      hidden(this, '__docs', null);
      hidden(this, '__pos', 0);
      hidden(this, '__options', {});
      hidden(this, '__maps', []);
    }
    __open() {
      if (this.__docs === null) this.__docs = this.__fetch(this.__options);
      return this.__docs;
    }
    __set(name, value) {
      if (this.__docs !== null) throw new MongoshInvalidInputError('Cannot call ' + name + ' on a cursor that has already been iterated');
      this.__options[name] = value;
      return this;
    }
    __map(d) { return this.__maps.reduce((x, f) => f(x), d); }
    sort(spec) { return this.__set('sort', spec); }
    limit(n) { return this.__set('limit', Math.trunc(Number(n))); }
    skip(n) { return this.__set('skip', Math.trunc(Number(n))); }
    project(spec) { return this.__set('projection', spec); }
    projection(spec) { return this.project(spec); }
    collation(spec) { return this.__set('collation', spec); }
    allowDiskUse(v = true) { return this.__set('allowDiskUse', v); }
    batchSize() { return this; }
    hint() { return this; }
    maxTimeMS() { return this; }
    comment() { return this; }
    noCursorTimeout() { return this; }
    map(f) { this.__maps.push(f); return this; }
    hasNext() { return this.__pos < this.__open().length; }
    next() { const docs = this.__open(); return this.__pos < docs.length ? this.__map(docs[this.__pos++]) : null; }
    tryNext() { return this.next(); }
    toArray() { const out = []; while (this.hasNext()) out.push(this.next()); return out; }
    forEach(f) { while (this.hasNext()) f(this.next()); }
    itcount() { let n = 0; while (this.hasNext()) { this.next(); n++; } return n; }
    objsLeftInBatch() { return this.__open().length - this.__pos; }
    isExhausted() { return !this.hasNext(); }
    isClosed() { return !this.hasNext(); }
    close() { this.__docs = []; this.__pos = 0; }
    count() {
      warn('DeprecationWarning: Cursor.count() is deprecated. Use Collection.countDocuments or Collection.estimatedDocumentCount.');
      return this.__fetch({ ...this.__options, limit: undefined, skip: undefined, count: true });
    }
    size() { return this.__fetch({ ...this.__options, count: true }); }
    explain() { throw new MongoshInvalidInputError('explain is not run by bson-tutor: it has no query planner to explain'); }
    [Symbol.iterator]() { return { next: () => (this.hasNext() ? { value: this.next(), done: false } : { value: undefined, done: true }) }; }
    // The next batch as the REPL shows it, and whether `it` has more.
    __batch() {
      const docs = [];
      while (docs.length < BATCH && this.hasNext()) docs.push(this.next());
      return { docs, more: this.hasNext() };
    }
    __show() {
      const { docs, more } = this.__batch();
      if (docs.length === 0) return '';
      return call('inspect', [docs]) + (more ? '\nType "it" for more' : '');
    }
    toString() { return this.__kind; }
  }

  // ---- collections and databases -------------------------------------------------------

  const ids = (arr) => { const o = {}; arr.forEach((id, i) => { o[String(i)] = id; }); return o; };
  const isDoc = (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && !v._bsontype && !(v instanceof RealDate) && !(v instanceof RegExp);
  function needDoc(v, what, method) {
    if (!isDoc(v)) throw new MongoshInvalidInputError(`${what} passed to ${method} must be an object`);
  }

  class Collection {
    constructor(db, name) {
      hidden(this, '__db', db);
      hidden(this, '__name', name);
    }
    __call(op, ...args) { return call(op, [this.__db.getName(), this.__name, ...args]); }
    getName() { return this.__name; }
    getFullName() { return `${this.__db.getName()}.${this.__name}`; }
    getDB() { return this.__db; }
    toString() { return this.getFullName(); }
    insertOne(doc, options) {
      needDoc(doc, 'Document', 'insertOne');
      return { acknowledged: true, insertedId: this.__call('insertOne', doc) };
    }
    insertMany(docs, options) {
      if (!Array.isArray(docs)) throw new MongoshInvalidInputError('Argument at position 0 must be of type array');
      return { acknowledged: true, insertedIds: ids(this.__call('insertMany', docs, !(options && options.ordered === false))) };
    }
    insert(docs, options) {
      warn('DeprecationWarning: Collection.insert() is deprecated. Use insertOne, insertMany, or bulkWrite.');
      const many = Array.isArray(docs) ? docs : [docs];
      const inserted = this.__call('insertMany', many, true);
      return { acknowledged: true, insertedIds: ids(inserted) };
    }
    find(filter = {}, projection, options) {
      const self = this;
      const c = new Cursor((opts) => self.__call('find', filter, Object.assign({}, options, opts)), 'Cursor');
      if (projection !== undefined) c.project(projection);
      return c;
    }
    findOne(filter = {}, projection, options) {
      const docs = this.__call('find', filter, Object.assign({}, options, { projection, limit: 1 }));
      return docs.length ? docs[0] : null;
    }
    countDocuments(filter = {}, options) { return this.__call('find', filter, Object.assign({}, options, { count: true })); }
    estimatedDocumentCount() { return this.__call('find', {}, { count: true }); }
    count(filter = {}, options) {
      warn('DeprecationWarning: Collection.count() is deprecated. Use countDocuments or estimatedDocumentCount.');
      return this.countDocuments(filter, options);
    }
    distinct(key, filter = {}) { return this.__call('distinct', key, filter); }
    updateOne(filter, update, options = {}) { return this.__call('update', filter, update, options, false, false); }
    updateMany(filter, update, options = {}) { return this.__call('update', filter, update, options, true, false); }
    replaceOne(filter, doc, options = {}) { return this.__call('update', filter, doc, options, false, true); }
    update(filter, update, options = {}) {
      warn('DeprecationWarning: Collection.update() is deprecated. Use updateOne, updateMany, or bulkWrite.');
      return this.__call('update', filter, update, options, !!options.multi, false);
    }
    deleteOne(filter, options) { return { acknowledged: true, deletedCount: this.__call('delete', filter, false) }; }
    deleteMany(filter, options) { return { acknowledged: true, deletedCount: this.__call('delete', filter, true) }; }
    remove(filter, justOne) {
      warn('DeprecationWarning: Collection.remove() is deprecated. Use deleteOne, deleteMany, findOneAndDelete, or bulkWrite.');
      return { acknowledged: true, deletedCount: this.__call('delete', filter, !justOne) };
    }
    findOneAndUpdate(filter, update, options = {}) { return this.__call('findAndModify', filter, update, options, 'update'); }
    findOneAndReplace(filter, doc, options = {}) { return this.__call('findAndModify', filter, doc, options, 'replace'); }
    findOneAndDelete(filter, options = {}) { return this.__call('findAndModify', filter, null, options, 'delete'); }
    aggregate(pipeline = [], options = {}, ...more) {
      const stages = Array.isArray(pipeline) ? pipeline : [pipeline, options, ...more];
      const opts = Array.isArray(pipeline) ? options : {};
      const self = this;
      return new Cursor(() => self.__call('aggregate', stages, opts), 'AggregationCursor');
    }
    createIndex(keys, options = {}) { return this.__call('createIndex', keys, options); }
    createIndexes(specs, options = {}) { return specs.map((k) => this.createIndex(k, options)); }
    ensureIndex(keys, options) { return this.createIndex(keys, options); }
    getIndexes() { return this.__call('getIndexes'); }
    getIndices() { return this.getIndexes(); }
    getIndexKeys() { return this.getIndexes().map((i) => i.key); }
    dropIndex(name) { return this.__call('dropIndex', name); }
    dropIndexes() { return this.__call('dropIndex', '*'); }
    drop() { return this.__call('drop'); }
    exists() { return this.__db.getCollectionNames().includes(this.__name) ? { name: this.__name, type: 'collection' } : null; }
    getCollection(name) { return this.__db.getCollection(`${this.__name}.${name}`); }
  }

  // `db.name` and `db.a.b` name collections, as in mongosh.
  const collectionProxy = (c) => new Proxy(c, {
    get(target, prop, receiver) {
      if (typeof prop !== 'string' || prop in target || prop.startsWith('__')) return Reflect.get(target, prop, receiver);
      return target.getCollection(prop);
    },
  });

  class Database {
    constructor(name) { hidden(this, '__name', name); }
    getName() { return this.__name; }
    toString() { return this.__name; }
    getSiblingDB(name) { return databaseOf(name); }
    getMongo() { return mongo; }
    getCollection(name) {
      const n = String(name);
      if (n === '' || n.includes('$') || n.includes('\0'))
        throw new MongoshInvalidInputError(`Invalid collection name: ${n}`);
      return collectionProxy(new Collection(this, n));
    }
    getCollectionNames() { return call('listCollections', [this.__name]); }
    getCollectionInfos() { return this.getCollectionNames().map((name) => ({ name, type: 'collection' })); }
    createCollection(name) { call('createCollection', [this.__name, String(name)]); return { ok: 1 }; }
    dropDatabase() { return call('dropDatabase', [this.__name]); }
    aggregate(pipeline = [], options = {}) {
      const name = this.__name;
      return new Cursor(() => call('aggregate', [name, null, pipeline, options]), 'AggregationCursor');
    }
    version() { return '8.0.0'; }
  }
  const databases = {};
  function databaseOf(name) {
    const n = String(name);
    if (n === '' || /[/\\. "$\0]/.test(n) || n.length > 63)
      throw new MongoshInvalidInputError(`Invalid database name: ${n}`);
    if (!databases[n]) {
      databases[n] = new Proxy(new Database(n), {
        get(target, prop, receiver) {
          if (typeof prop !== 'string' || prop in target || prop.startsWith('__')) return Reflect.get(target, prop, receiver);
          return target.getCollection(prop);
        },
      });
    }
    return databases[n];
  }
  const mongo = {
    getDB: databaseOf,
    getDBNames: () => call('listDatabases', []).map((d) => d.name),
    toString: () => 'bson-tutor (no server: the tutorial engine)',
  };
  function Mongo() { return mongo; }

  // ---- the REPL's helpers --------------------------------------------------------------

  let current = databaseOf('test');
  let lastCursor = null;
  const repl = {
    // `use NAME`, `show dbs|collections`, `it`: what the REPL reads before JavaScript does.
    use(name) { current = databaseOf(name); global.db = current; say(`switched to db ${current.getName()}`, []); },
    show(what) {
      if (what === 'dbs' || what === 'databases') {
        const list = call('listDatabases', []);
        const width = Math.max(0, ...list.map((d) => d.name.length));
        if (list.length) say(list.map((d) => d.name.padEnd(width + 2) + d.size).join('\n'), []);
        return;
      }
      if (what === 'collections' || what === 'tables') {
        const names = current.getCollectionNames();
        if (names.length) say(names.join('\n'), []);
        return;
      }
      throw new MongoshInvalidInputError(`'${what}' is not a valid argument for "show".`);
    },
    it() {
      const batch = lastCursor ? lastCursor.__batch() : { docs: [], more: false };
      if (batch.docs.length === 0) { lastCursor = null; say('no cursor', []); return; }
      if (!batch.more) lastCursor = null;
      say(call('inspect', [batch.docs]) + (batch.more ? '\nType "it" for more' : ''), batch.docs);
    },
    // The REPL's echo of a result: nothing for undefined, a cursor's first batch of 20.
    echo(v) {
      if (v === undefined) return;
      if (v instanceof Cursor) {
        const { docs, more } = v.__batch();
        lastCursor = more ? v : null;
        if (docs.length) say(call('inspect', [docs]) + (more ? '\nType "it" for more' : ''), docs);
        return;
      }
      say(inspect(v), docsOf(v));
    },
    // Names a line may complete to: globals, a database's collections, an object's methods.
    complete(expr) {
      let target;
      try { target = expr === '' ? global : (0, eval)(expr); } catch (e) { return []; }
      if (target === null || target === undefined) return [];
      const names = new Set();
      if (target instanceof Database) target.getCollectionNames().forEach((n) => names.add(n));
      for (let o = target; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
        Object.getOwnPropertyNames(o).forEach((n) => { if (!n.startsWith('_') && n !== 'constructor') names.add(n); });
      }
      return Array.from(names).sort();
    },
  };

  Object.assign(global, {
    ObjectId, Long, Int32, Double, Decimal128, Binary, UUID, Timestamp, MinKey, MaxKey, Code,
    DBRef, BSONRegExp, BSONSymbol, ISODate, NumberInt, NumberLong, NumberDecimal, BinData,
    HexData, MD5, DBPointer, EJSON, print, printjson, Mongo, MongoServerError,
    MongoBulkWriteError, BSONError, Date: ShellDate,
  });
  Object.defineProperty(global, 'db', { value: current, writable: true, configurable: true, enumerable: false });
  Object.defineProperty(global, 'bsonsize', { value: (o) => call('bsonsize', [o]), writable: true, configurable: true });
  Object.bsonsize = (o) => call('bsonsize', [o]);
  Object.defineProperty(global, '__repl', { value: repl, enumerable: false });
  Object.defineProperty(global, '__toTagged', { value: (v) => JSON.stringify(toTagged(v, [])), enumerable: false });
})(globalThis);
