// The image service: what an image asset becomes (variants, colorData, placeholder) and the checks of
// files by their content. docs/media.md.
export { processImage, type ProcessResult } from './process.js';
export { RASTER_FORMATS } from './sniff.js';
export { prepareBytes } from './prepare.js';
