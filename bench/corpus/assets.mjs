// Small images for the corpus, made in code (no binary files in git, no network): SVG
// diagrams with pt-BR text and tiny PNG screenshots. The engine copies images with content
// hashes, so a few distinct files used from many pages is the realistic case to time.
import { deflateSync } from 'node:zlib';

/** A flow diagram: boxes with labels, the kind the company's pages embed. */
export function svgDiagram(labels, hue) {
  const w = 160 * labels.length + 20;
  const boxes = labels.map((label, i) => {
    const x = 20 + i * 160;
    const arrow = i < labels.length - 1 ? `<path d="M${x + 130} 50 H${x + 155}" stroke="#555" marker-end="url(#a)"/>` : '';
    return `<rect x="${x}" y="25" width="130" height="50" rx="8" fill="hsl(${hue} 60% 92%)" stroke="hsl(${hue} 50% 40%)"/>` +
      `<text x="${x + 65}" y="55" font-family="sans-serif" font-size="12" text-anchor="middle">${label}</text>${arrow}`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="100" viewBox="0 0 ${w} 100">` +
    `<defs><marker id="a" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto"><path d="M0 0L10 5L0 10z" fill="#555"/></marker></defs>` +
    `${boxes.join('')}</svg>\n`;
}

export const svgLogo = () =>
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">' +
  '<circle cx="16" cy="16" r="15" fill="#25d366"/><path d="M10 22l2-5a7 7 0 1 1 3 3z" fill="#fff"/></svg>\n';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A width×height RGB PNG: a fake screenshot (title bar, two panels) in the given colour. */
export function pngScreenshot(width, height, [r, g, b]) {
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0 (None), then RGB triples
    for (let x = 0; x < width; x++) {
      const bar = y < height / 8;
      const panel = x > width / 3 && y > height / 4 && y < (height * 3) / 4;
      const [pr, pg, pb] = bar ? [r, g, b] : panel ? [240, 240, 240] : [255, 255, 255];
      row.set([pr, pg, pb], 1 + x * 3);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, adaptive filters, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Images every top-level category gets in its own img/ folder (used through relative paths). */
export const CATEGORY_IMAGES = [
  { name: 'fluxo.svg', alt: 'Fluxo da solicitação', make: (i) => svgDiagram(['Solicitação', 'Análise', 'Aprovação'], (i * 47) % 360) },
  { name: 'tela-exemplo.png', alt: 'Tela de exemplo do painel', make: (i) => pngScreenshot(96, 64, [37 + i * 13, 211 - i * 7, 102]) },
];

/** Images in content/static/img (used through absolute /img/... paths). */
export const STATIC_IMAGES = [
  { name: 'logo.svg', alt: 'Logo', make: svgLogo },
  { name: 'diagrama-geral.png', alt: 'Diagrama geral da ativação', make: () => pngScreenshot(128, 72, [18, 140, 126]) },
  { name: 'hierarquia.svg', alt: 'Hierarquia: portfólio, WABA e números', make: () => svgDiagram(['Portfólio', 'WABA', 'Número'], 150) },
];
