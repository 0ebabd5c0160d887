#!/usr/bin/env node
/**
 * Writes the bundled demo art into public/demo/: concert posters (16:9), review
 * "photos" (4:3) and avatars (square). Plain SVG, no dependencies, no downloads, so the
 * demo never hot-links anyone's images. Output is deterministic: the same script writes
 * the same bytes, which keeps the committed files stable.
 *
 *   node scripts/generate-demo-art.mjs
 */
import { mkdirSync, readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mulberry32 } from '../src/server/db/seed/mulberry32.mjs';

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/demo');
const MAX_BYTES = 4096;

const r0 = (n) => Math.round(n);
const r1 = (n) => Math.round(n * 10) / 10;

/** Background, glow, beam and accent colours per genre, plus the motif drawn over them. */
const PALETTES = Object.fromEntries(
  [
    // genre, background (dark to bright), light, accent, motif
    ['rock', ['#1a0505', '#5c0d0d', '#c2410c'], '#fdba74', '#f97316', 'jagged'],
    ['pop', ['#2e0a3f', '#9d174d', '#f472b6'], '#fbcfe8', '#f9a8d4', 'bokeh'],
    ['hip-hop', ['#0b0b0f', '#3f2d04', '#a16207'], '#fde68a', '#facc15', 'bars'],
    ['electronic', ['#020617', '#1e1b4b', '#7c3aed'], '#67e8f9', '#22d3ee', 'lasers'],
    ['country', ['#1c1007', '#7c2d12', '#f59e0b'], '#fef3c7', '#fbbf24', 'hills'],
    ['indie', ['#042f2e', '#0f766e', '#fb923c'], '#ccfbf1', '#fdba74', 'wave'],
    ['jazz', ['#020617', '#172554', '#b45309'], '#fde68a', '#f59e0b', 'smoke'],
    ['classical', ['#1a0a10', '#4c0519', '#a16207'], '#fef3c7', '#eab308', 'arcs'],
  ].map(([genre, bg, light, accent, motif]) => [genre, { bg, light, accent, motif }]),
);

const GENRES = Object.keys(PALETTES);

function svg(w, h, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${body}</svg>\n`;
}

function defs(p, w, h) {
  return (
    `<defs>` +
    `<linearGradient id="bg" x1="0" y1="0" x2=".35" y2="1">` +
    `<stop offset="0" stop-color="${p.bg[0]}"/><stop offset=".6" stop-color="${p.bg[1]}"/><stop offset="1" stop-color="${p.bg[2]}"/></linearGradient>` +
    `<linearGradient id="beam" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="${p.light}" stop-opacity=".6"/><stop offset="1" stop-color="${p.light}" stop-opacity="0"/></linearGradient>` +
    `<radialGradient id="glow"><stop offset="0" stop-color="${p.light}" stop-opacity=".9"/>` +
    `<stop offset=".35" stop-color="${p.accent}" stop-opacity=".35"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0"/></radialGradient>` +
    `</defs><rect width="${w}" height="${h}" fill="url(#bg)"/>`
  );
}

/** Spotlights hanging from the top edge, each a cone fading towards the floor. */
function beams(rand, w, h, count) {
  let out = '';
  for (let i = 0; i < count; i += 1) {
    const x = r0(((i + 0.5) / count) * w + (rand() - 0.5) * (w / count) * 0.6);
    const spread = w * (0.08 + rand() * 0.08);
    const tilt = (rand() - 0.5) * w * 0.35;
    const bottom = h * (0.75 + rand() * 0.2);
    out += `<path d="M${x - 6} 0L${x + 6} 0L${r0(x + tilt + spread)} ${r0(bottom)}L${r0(x + tilt - spread)} ${r0(bottom)}Z" fill="url(#beam)" opacity="${r1(0.4 + rand() * 0.5)}"/>`;
    out += `<circle cx="${x}" cy="0" r="${r0(w * 0.05)}" fill="url(#glow)"/>`;
  }
  return out;
}

/**
 * A row of heads and shoulders along the bottom edge, some with raised hands. One person
 * (and one raised arm) is defined once and placed with <use>, which keeps the files small.
 */
function crowd(rand, w, h, { rows = 1, scale = 1, fill = '#050505' } = {}) {
  let out =
    `<defs><path id="p" d="M-23 400V60Q-21 13 0 13Q21 13 23 60V400ZM-10 0a10 10 0 1 0 20 0a10 10 0 1 0-20 0Z"/>` +
    `<path id="hl" d="M-12 18L-22 -28" stroke-width="6" stroke-linecap="round"/>` +
    `<path id="hr" d="M12 18L20 -30" stroke-width="6" stroke-linecap="round"/></defs>`;
  for (let row = 0; row < rows; row += 1) {
    const k = r1((w / 640) * scale * (1 + row * 0.45));
    const sw = w / k;
    const sh = h / k;
    const baseY = sh - 10 * (2.2 - row * 0.35);
    let people = '';
    for (let x = -10 + rand() * 10; x < sw + 10; x += 10 * (2.6 + rand() * 1.2)) {
      const y = r0(baseY - rand() * 8);
      people += `<use href="#p" x="${r0(x)}" y="${y}"/>`;
      if (rand() < 0.22)
        people += `<use href="#h${rand() < 0.5 ? 'l' : 'r'}" x="${r0(x)}" y="${y}"/>`;
    }
    const opacity = row === rows - 1 ? 1 : 0.75;
    out += `<g fill="${fill}" stroke="${fill}" opacity="${opacity}" transform="scale(${k})">${people}</g>`;
  }
  return out;
}

/** The genre's own shape, drawn between the lights and the crowd. */
function motif(p, rand, w, h) {
  const mid = h * 0.55;
  switch (p.motif) {
    case 'jagged': {
      let d = `M0 ${r0(mid)}`;
      for (let x = 0; x <= w; x += 32)
        d += `L${x} ${r0(mid + (rand() - 0.5) * h * (x % 64 ? 0.35 : 0.12))}`;
      return `<path d="${d}" fill="none" stroke="${p.accent}" stroke-width="5" stroke-linejoin="bevel" opacity=".85"/>`;
    }
    case 'bokeh': {
      const dots = ['', ''];
      for (let i = 0; i < 24; i += 1) {
        const r = r0(10 + rand() * 60);
        dots[i % 2] +=
          `M${r0(rand() * w) - r} ${r0(rand() * h * 0.8)}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
      }
      return `<path d="${dots[0]}" fill="${p.light}" opacity=".18"/><path d="${dots[1]}" fill="${p.accent}" opacity=".28"/>`;
    }
    case 'bars': {
      const n = 40;
      const bw = w / n;
      let d = '';
      for (let i = 0; i < n; i += 1) {
        const bh = h * (0.05 + Math.abs(Math.sin(i * 0.45 + rand())) * 0.32 * (0.6 + rand() * 0.4));
        d += `M${r0(i * bw + 3)} ${r0(mid + 60)}v${-r0(bh)}h${r0(bw - 6)}v${r0(bh)}Z`;
      }
      return `<path d="${d}" fill="${p.accent}" opacity=".8"/>`;
    }
    case 'lasers': {
      const ox = r0(w * (0.3 + rand() * 0.4));
      const oy = r0(h * 0.35);
      let rays = '';
      for (let i = 0; i < 14; i += 1)
        rays += `M${ox} ${oy}L${r0((i / 13) * w * 1.4 - w * 0.2)} ${h}`;
      let grid = '';
      for (let y = r0(h * 0.62); y < h; y += 28) grid += `M0 ${y}H${w}`;
      return (
        `<path d="${rays}" stroke="${p.accent}" stroke-width="2" opacity=".7"/>` +
        `<path d="${grid}" stroke="${p.light}" opacity=".25"/>`
      );
    }
    case 'hills': {
      const sun = `<circle cx="${r0(w * (0.25 + rand() * 0.5))}" cy="${r0(h * 0.5)}" r="${r0(h * 0.16)}" fill="${p.light}" opacity=".85"/>`;
      let hills = '';
      for (let k = 0; k < 2; k += 1) {
        const y = h * (0.62 + k * 0.08);
        hills += `<path d="M0 ${h}L0 ${r0(y)}Q${r0(w * 0.25)} ${r0(y - 70 + rand() * 40)} ${r0(w * 0.5)} ${r0(y)}T${w} ${r0(y)}L${w} ${h}Z" fill="${p.bg[k]}" opacity="${k ? 0.95 : 0.8}"/>`;
      }
      return sun + hills;
    }
    case 'wave': {
      let out = '';
      for (let k = 0; k < 3; k += 1) {
        const amp = h * (0.05 + k * 0.035);
        const phase = rand() * 6;
        let d = `M0 ${r0(mid)}`;
        for (let x = 0; x <= w; x += 40)
          d += `L${x} ${r0(mid + Math.sin(x / 90 + phase) * amp * Math.sin((x / w) * Math.PI))}`;
        out += `<path d="${d}" fill="none" stroke="${k === 1 ? p.light : p.accent}" stroke-width="${4 - k}" opacity="${r1(0.9 - k * 0.25)}"/>`;
      }
      return out;
    }
    case 'smoke': {
      let out = '';
      for (let i = 0; i < 7; i += 1)
        out += `<ellipse cx="${r0(rand() * w)}" cy="${r0(h * (0.2 + rand() * 0.5))}" rx="${r0(w * (0.12 + rand() * 0.15))}" ry="${r0(h * (0.05 + rand() * 0.08))}" fill="${p.light}" opacity=".08"/>`;
      const cx = r0(w * (0.3 + rand() * 0.4));
      out += `<path d="M${cx} ${r0(h * 0.3)}c40 60 -30 120 10 200s60 40 90 10" fill="none" stroke="${p.accent}" stroke-width="14" stroke-linecap="round" opacity=".75"/>`;
      return out;
    }
    case 'arcs': {
      let out = '';
      const cx = r0(w / 2);
      for (let i = 1; i <= 7; i += 1)
        out += `<circle cx="${cx}" cy="${r0(h * 0.95)}" r="${r0(i * h * 0.09)}" fill="none" stroke="${i % 2 ? p.accent : p.light}" stroke-width="${i % 3 ? 2 : 4}" opacity="${r1(0.8 - i * 0.08)}"/>`;
      return out;
    }
    default:
      return '';
  }
}

function poster(genre, variant) {
  const p = PALETTES[genre];
  const rand = mulberry32(GENRES.indexOf(genre) * 97 + variant * 13 + 1);
  const [w, h] = [1280, 720];
  return svg(
    w,
    h,
    defs(p, w, h) +
      beams(rand, w, h, 3 + variant) +
      motif(p, rand, w, h) +
      `<rect y="${h - 90}" width="${w}" height="90" fill="#000" opacity=".35"/>` +
      crowd(rand, w, h, { rows: 1, scale: 1.5 }),
  );
}

function photo(index) {
  const genre = GENRES[index % GENRES.length];
  const p = PALETTES[genre];
  const rand = mulberry32(1000 + index * 31);
  const [w, h] = [800, 600];
  const performer = r0(w * (0.35 + rand() * 0.3));
  const stageY = r0(h * 0.62);
  return svg(
    w,
    h,
    defs(p, w, h) +
      beams(rand, w, h, 2 + (index % 3)) +
      `<rect y="${stageY}" width="${w}" height="${h - stageY}" fill="#000" opacity=".45"/>` +
      // The performer at the microphone, lit from behind.
      `<g fill="#0a0a0a"><circle cx="${performer}" cy="${stageY - 150}" r="22"/>` +
      `<path d="M${performer - 34} ${stageY}L${performer - 30} ${stageY - 120}Q${performer} ${stageY - 136} ${performer + 30} ${stageY - 120}L${performer + 34} ${stageY}Z"/>` +
      `<rect x="${performer + 44}" y="${stageY - 150}" width="4" height="150"/></g>` +
      `<rect width="${w}" height="${h}" fill="${p.accent}" opacity=".06"/>` +
      crowd(rand, w, h, { rows: 2, scale: 1.6 }),
  );
}

function avatar(index) {
  const genre = GENRES[(index * 3) % GENRES.length];
  const p = PALETTES[genre];
  const rand = mulberry32(5000 + index * 17);
  const s = 256;
  let body =
    `<defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.bg[1]}"/>` +
    `<stop offset="1" stop-color="${p.bg[2]}"/></linearGradient></defs><rect width="${s}" height="${s}" fill="url(#a)"/>`;
  for (let i = 0; i < 3; i += 1)
    body += `<circle cx="${r0(rand() * s)}" cy="${r0(rand() * s)}" r="${r0(40 + rand() * 70)}" fill="${i % 2 ? p.light : p.accent}" opacity="${r1(0.25 + rand() * 0.3)}"/>`;
  switch (index % 4) {
    case 0:
      body += `<path d="M32 ${s - 60}Q${s / 2} 40 ${s - 32} ${s - 60}" fill="none" stroke="${p.light}" stroke-width="14" stroke-linecap="round"/>`;
      break;
    case 1:
      body += `<rect x="64" y="64" width="128" height="128" rx="28" transform="rotate(${r0(rand() * 40 - 20)} 128 128)" fill="none" stroke="${p.light}" stroke-width="12"/>`;
      break;
    case 2: {
      let d = 'M40 128';
      for (let x = 56; x <= 216; x += 16) d += `L${x} ${r0(128 + (rand() - 0.5) * 110)}`;
      body += `<path d="${d}" fill="none" stroke="${p.light}" stroke-width="10" stroke-linejoin="round" stroke-linecap="round"/>`;
      break;
    }
    default:
      body += `<circle cx="128" cy="128" r="58" fill="none" stroke="${p.light}" stroke-width="12"/><circle cx="128" cy="128" r="14" fill="${p.light}"/>`;
  }
  return svg(s, s, body);
}

function main() {
  mkdirSync(outDir, { recursive: true });
  for (const file of readdirSync(outDir))
    if (file.endsWith('.svg')) unlinkSync(path.join(outDir, file));
  const files = {};
  for (const genre of GENRES)
    for (const v of [1, 2]) files[`poster-${genre}-${v}.svg`] = poster(genre, v);
  for (let i = 1; i <= 8; i += 1) files[`photo-${i}.svg`] = photo(i);
  for (let i = 1; i <= 8; i += 1) files[`avatar-${i}.svg`] = avatar(i);

  let total = 0;
  for (const [name, content] of Object.entries(files)) {
    const bytes = Buffer.byteLength(content);
    if (bytes > MAX_BYTES)
      throw new Error(`${name} is ${bytes} bytes, over the ${MAX_BYTES} limit`);
    writeFileSync(path.join(outDir, name), content);
    total += bytes;
  }
  console.log(
    `wrote ${Object.keys(files).length} files (${total} bytes) to ${path.relative(process.cwd(), outDir)}`,
  );
}

main();
