import { randomInt } from 'node:crypto';
import { loadSharp } from '../upload/service.js';

/**
 * A built-in image captcha: characters drawn as jittered strokes (no fonts needed), crossed by noise
 * curves and rasterised to PNG so the answer is not readable from the markup.
 */

// Stroke glyphs on a 10x14 grid; each glyph is a list of polylines. Look-alikes (0/O, 1/I) left out.
const GLYPHS: Record<string, number[][]> = {
  '2': [[1, 3, 3, 0, 7, 0, 9, 3, 8, 6, 1, 14, 9, 14]],
  '3': [[1, 1, 8, 1, 4, 6, 8, 8, 9, 11, 6, 14, 1, 13]],
  '4': [[7, 14, 7, 0, 1, 10, 10, 10]],
  '5': [[9, 0, 2, 0, 1, 6, 6, 5, 9, 9, 7, 13, 1, 13]],
  '6': [[8, 0, 3, 3, 1, 9, 3, 14, 8, 13, 9, 9, 5, 7, 1, 9]],
  '7': [[1, 0, 9, 0, 4, 14]],
  '8': [[5, 7, 1, 4, 3, 0, 7, 0, 9, 4, 5, 7, 1, 10, 3, 14, 7, 14, 9, 10, 5, 7]],
  '9': [[9, 5, 5, 7, 1, 5, 2, 1, 7, 0, 9, 5, 7, 11, 2, 14]],
  A: [[1, 14, 5, 0, 9, 14], [3, 8, 7, 8]],
  C: [[9, 2, 6, 0, 3, 1, 1, 5, 1, 9, 3, 13, 6, 14, 9, 12]],
  E: [[9, 0, 1, 0, 1, 14, 9, 14], [1, 7, 7, 7]],
  F: [[9, 0, 1, 0, 1, 14], [1, 7, 7, 7]],
  H: [[1, 0, 1, 14], [9, 0, 9, 14], [1, 7, 9, 7]],
  K: [[1, 0, 1, 14], [9, 0, 1, 8], [4, 5, 9, 14]],
  M: [[1, 14, 1, 0, 5, 8, 9, 0, 9, 14]],
  N: [[1, 14, 1, 0, 9, 14, 9, 0]],
  P: [[1, 14, 1, 0, 7, 0, 9, 3, 7, 7, 1, 7]],
  R: [[1, 14, 1, 0, 7, 0, 9, 3, 7, 7, 1, 7], [5, 7, 9, 14]],
  T: [[0, 0, 10, 0], [5, 0, 5, 14]],
  W: [[0, 0, 2, 14, 5, 6, 8, 14, 10, 0]],
  X: [[1, 0, 9, 14], [9, 0, 1, 14]],
  Y: [[1, 0, 5, 7, 9, 0], [5, 7, 5, 14]],
};

export const CAPTCHA_ALPHABET = Object.keys(GLYPHS).join('');
const WIDTH = 160;
const HEIGHT = 56;

export function randomCode(length = 4): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return code;
}

const jitter = (n: number) => (randomInt(-100, 101) / 100) * n;

function glyphPaths(ch: string, x: number): string {
  const scale = 2.6 + jitter(0.3);
  const angle = jitter(18);
  const y = 8 + jitter(5);
  const strokes = GLYPHS[ch]!.map((line) => {
    const pts: string[] = [];
    for (let i = 0; i < line.length; i += 2) pts.push(`${(line[i]! + jitter(0.4)).toFixed(1)},${(line[i + 1]! + jitter(0.4)).toFixed(1)}`);
    return `<polyline points="${pts.join(' ')}"/>`;
  });
  return `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${angle.toFixed(1)} 13 18) scale(${scale.toFixed(2)})">${strokes.join('')}</g>`;
}

function noiseCurve(): string {
  const p = () => `${randomInt(WIDTH)},${randomInt(HEIGHT)}`;
  return `<path d="M0,${randomInt(HEIGHT)} Q${p()} ${p()} T${WIDTH},${randomInt(HEIGHT)}"/>`;
}

export async function renderCaptcha(code: string): Promise<Buffer> {
  const step = (WIDTH - 24) / code.length;
  const glyphs = [...code].map((ch, i) => glyphPaths(ch, 10 + i * step + jitter(3))).join('');
  const noise = Array.from({ length: 4 }, noiseCurve).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
<rect width="100%" height="100%" fill="#f4f6fa"/>
<g fill="none" stroke="#8a94a6" stroke-width="1.2">${noise}</g>
<g fill="none" stroke="#1f2d4d" stroke-width="0.9" stroke-linecap="round" stroke-linejoin="round">${glyphs}</g>
</svg>`;
  return (await loadSharp())(Buffer.from(svg)).png().toBuffer();
}
