/** An image's average colours (platform.md "colorData"): six lowercase hex digits each, without '#'. */
export interface ColorData {
  readonly topLeftAverage: string;
  readonly topRightAverage: string;
  readonly bottomLeftAverage: string;
  readonly bottomRightAverage: string;
  readonly centerAverage: string;
}

export interface RawImage {
  readonly data: Buffer;
  readonly width: number;
  readonly height: number;
  /** 3 (RGB) or 4 (RGBA) */
  readonly channels: number;
}

const hex = (v: number) =>
  Math.round(Math.min(255, Math.max(0, v)))
    .toString(16)
    .padStart(2, '0');

/**
 * The average colour of one cell of the image cut in a 3 x 3 grid. Transparent pixels count as the
 * white of a page behind them (weighted by their alpha), as the image would look on one.
 */
function cellAverage(img: RawImage, col: number, row: number): string {
  const x0 = Math.floor((img.width * col) / 3);
  const x1 = Math.max(x0 + 1, Math.floor((img.width * (col + 1)) / 3));
  const y0 = Math.floor((img.height * row) / 3);
  const y1 = Math.max(y0 + 1, Math.floor((img.height * (row + 1)) / 3));
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let y = y0; y < Math.min(y1, img.height); y++) {
    for (let x = x0; x < Math.min(x1, img.width); x++) {
      const i = (y * img.width + x) * img.channels;
      const a = img.channels === 4 ? img.data[i + 3]! / 255 : 1;
      r += img.data[i]! * a + 255 * (1 - a);
      g += img.data[i + 1]! * a + 255 * (1 - a);
      b += img.data[i + 2]! * a + 255 * (1 - a);
      n++;
    }
  }
  return n === 0 ? 'ffffff' : hex(r / n) + hex(g / n) + hex(b / n);
}

/**
 * colorData of an image given as raw pixels (a small copy is enough): the averages of its four
 * corner cells and its centre cell when it is cut in a 3 x 3 grid, the areas a theme lays text or
 * a background colour next to.
 */
export function colorData(img: RawImage): ColorData {
  return {
    topLeftAverage: cellAverage(img, 0, 0),
    topRightAverage: cellAverage(img, 2, 0),
    bottomLeftAverage: cellAverage(img, 0, 2),
    bottomRightAverage: cellAverage(img, 2, 2),
    centerAverage: cellAverage(img, 1, 1),
  };
}
