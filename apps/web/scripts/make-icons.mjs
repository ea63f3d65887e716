#!/usr/bin/env node
// Draws the app's home-screen icons (public/icons/*.png) from the favicon's shapes: the indigo tile
// and the amber star of public/favicon.svg. Run by hand when the mark changes
// (`node scripts/make-icons.mjs`); the PNGs are committed. No dependency: a point-in-polygon
// rasteriser with 4x4 supersampling and a PNG encoder over node:zlib.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(here, '../public/icons');

const TILE = [0x43, 0x38, 0xca]; // theme.ts brand[7], the favicon's tile
const STAR = [0xfb, 0xbf, 0x24];
// public/favicon.svg's star on its 32-unit grid.
const STAR_POINTS = [
  [16, 5.5],
  [19.1, 12.1],
  [26.3, 13],
  [21, 18],
  [22.4, 25.1],
  [16, 21.6],
  [9.6, 25.1],
  [11, 18],
  [5.7, 13],
  [12.9, 12.1],
];

const inPolygon = (x, y, points) => {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
};

/** In a rounded square of side 32 and corner radius r (r 0: the whole square). */
const inTile = (x, y, r) => {
  if (x < 0 || y < 0 || x > 32 || y > 32) return false;
  const cx = Math.min(Math.max(x, r), 32 - r);
  const cy = Math.min(Math.max(y, r), 32 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};

/**
 * One icon: `size` pixels; `maskable` fills the whole square (the platform cuts its own shape) and
 * keeps the star within the middle 60%, inside the 80% safe zone.
 */
function draw(size, maskable) {
  const rgba = Buffer.alloc(size * size * 4);
  const starScale = maskable ? 0.6 : 1;
  const SS = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let tile = 0;
      let star = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const x = ((px + (sx + 0.5) / SS) / size) * 32;
          const y = ((py + (sy + 0.5) / SS) / size) * 32;
          if (!inTile(x, y, maskable ? 0 : 8)) continue;
          tile += 1;
          const starX = 16 + (x - 16) / starScale;
          const starY = 15.5 + (y - 15.5) / starScale;
          if (inPolygon(starX, starY, STAR_POINTS)) star += 1;
        }
      }
      const n = SS * SS;
      const i = (py * size + px) * 4;
      for (let c = 0; c < 3; c++)
        rgba[i + c] = tile === 0 ? 0 : Math.round((TILE[c] * (tile - star) + STAR[c] * star) / tile);
      rgba[i + 3] = Math.round((255 * tile) / n);
    }
  }
  return png(size, rgba);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** An 8-bit RGBA PNG. */
function png(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const icons = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['maskable-512.png', 512, true],
  ['apple-touch-icon-180.png', 180, true],
];
for (const [name, size, maskable] of icons) {
  const file = path.join(out, name);
  writeFileSync(file, draw(size, maskable));
  console.log(`${path.relative(process.cwd(), file)} ${size}x${size}${maskable ? ' maskable' : ''}`);
}
