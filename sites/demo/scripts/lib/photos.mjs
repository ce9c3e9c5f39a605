// Raster photographs of the shop's products, made from the same drawings: the object stands on a table
// in front of a wall, lit from the upper left, with a soft contact shadow, a vignette and film grain,
// and is saved as a JPEG of a few hundred KB. Deterministic: the grain comes from a seeded generator
// and text (whose look depends on the fonts a machine has) is left out, so a regenerated photograph is
// byte for byte the committed one.
import sharp from 'sharp';
import { seeded, shade, svg } from './draw.mjs';

/** Photographs are this many pixels square: the image service makes them 100 to 1000 pixels wide. */
const PHOTO_SIZE = 1200;

/** The studio set and the light, on the 800 x 800 stage the objects are drawn on (ground line near y = 610). */
function scene(body, wall, table) {
  const object = body.replace(/<text\b[^>]*>[\s\S]*?<\/text>/g, '');
  return svg(
    800,
    800,
    '<defs>' +
      `<linearGradient id="wall" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${shade(wall, 0.1)}"/><stop offset="1" stop-color="${shade(wall, -0.12)}"/></linearGradient>` +
      `<linearGradient id="table" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(table, 0.06)}"/><stop offset="1" stop-color="${shade(table, -0.24)}"/></linearGradient>` +
      '<radialGradient id="light" cx="0.22" cy="0.12" r="1"><stop offset="0" stop-color="#fff8ec" stop-opacity="0.28"/><stop offset="0.55" stop-color="#fff8ec" stop-opacity="0"/><stop offset="1" stop-color="#140c04" stop-opacity="0.42"/></radialGradient>' +
      '<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="16"/></filter>' +
      '<filter id="haze"><feGaussianBlur stdDeviation="1.2"/></filter>' +
      '</defs>' +
      '<rect width="800" height="566" fill="url(#wall)"/>' +
      '<rect y="566" width="800" height="234" fill="url(#table)"/>' +
      `<rect y="562" width="800" height="8" fill="${shade(table, 0.16)}" filter="url(#haze)"/>` +
      '<ellipse cx="418" cy="600" rx="200" ry="20" fill="#000" fill-opacity="0.38" filter="url(#soft)"/>' +
      object +
      '<rect width="800" height="800" fill="url(#light)"/>',
  );
}

/** The photograph of one product: `body` is its drawing (objects.mjs), `seed` its grain. */
export function photograph(body, { wall, table, seed }) {
  return develop(scene(body, wall, table), PHOTO_SIZE, PHOTO_SIZE, seed);
}

/** Gallery pictures are this many pixels wide (3:2): the image service makes them 100 to 1500 pixels wide. */
const SCENE_WIDTH = 1600;

/**
 * A photograph of one of the demo's 1200 x 800 scenes (scenes.mjs), for the gallery: the same light
 * falling from the upper left and the same grain as the product photographs.
 */
export function scenePhotograph(sceneSvg, seed) {
  const lit = sceneSvg.replace(
    /<\/svg>\s*$/,
    '<defs><radialGradient id="photo-light" cx="0.2" cy="0.1" r="1.1"><stop offset="0" stop-color="#fff8ec" stop-opacity="0.2"/><stop offset="0.6" stop-color="#fff8ec" stop-opacity="0"/><stop offset="1" stop-color="#140c04" stop-opacity="0.36"/></radialGradient></defs>' +
      '<rect width="1200" height="800" fill="url(#photo-light)"/></svg>',
  );
  return develop(lit.replace(/<text\b[^>]*>[\s\S]*?<\/text>/g, ''), SCENE_WIDTH, Math.round((SCENE_WIDTH * 2) / 3), seed, 80);
}

/** Rasterises a drawing at the given size, softens it a little, adds film grain and saves it as a JPEG. */
async function develop(drawing, width, height, seed, quality = 84) {
  const drawnWidth = Number(/viewBox="0 0 (\d+)/.exec(drawing)?.[1] ?? /width="(\d+)"/.exec(drawing)?.[1] ?? width);
  const { data, info } = await sharp(Buffer.from(drawing), { density: (72 * width) / drawnWidth })
    .resize(width, height)
    .removeAlpha()
    .blur(0.6)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const random = seeded(seed);
  for (let i = 0; i < data.length; i += 3) {
    // Luminance grain, a little stronger in the shadows, as film has it.
    const grain = (random() + random() - 1) * (14 + (255 - data[i + 1]) / 24);
    for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, Math.round(data[i + c] + grain)));
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .jpeg({ quality, chromaSubsampling: '4:2:0' })
    .toBuffer();
}
