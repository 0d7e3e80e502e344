/**
 * Vectors are kept as Int8 values: each vector is scaled so its largest component is ±127 and
 * rounded. Cosine similarity does not depend on a vector's length, so the scale is not kept; the
 * rounding moves a cosine by well under 0.01 at 256 dimensions and more, far less than what
 * separates a related post from an unrelated one. Stored as base64 text (a quarter of Float32's size,
 * and plain text travels through every database and through dumps unchanged).
 */
export function quantise(vector: Float32Array): Int8Array {
  let max = 0;
  for (const v of vector) max = Math.max(max, Math.abs(v));
  const out = new Int8Array(vector.length);
  if (max === 0) return out;
  const scale = 127 / max;
  for (let i = 0; i < vector.length; i++) out[i] = Math.round(vector[i]! * scale);
  return out;
}

export function encodeVector(vector: Float32Array): string {
  const q = quantise(vector);
  return Buffer.from(q.buffer, q.byteOffset, q.byteLength).toString('base64');
}

/** The Int8 values of a stored vector, or null when the text does not hold `dims` of them. */
export function decodeVector(text: string, dims: number): Int8Array | null {
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length !== dims) return null;
  return new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

