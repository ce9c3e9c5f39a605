#!/usr/bin/env node
// Draws every picture of the demo shop as a small SVG file under sites/demo/assets/, photographs the
// products as JPEG files under assets/shop/photos/ (lib/photos.mjs), and writes the brew guide PDF.
// Run it after changing a drawing: `node sites/demo/scripts/make-images.mjs`.
// The output is deterministic, so an unchanged drawing gives an unchanged file.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { palette as P, shade, svg, backdrop, group, rect } from './lib/draw.mjs';
import * as O from './lib/objects.mjs';
import { scenes } from './lib/scenes.mjs';
import { brewGuidePdf } from './lib/pdf.mjs';
import { photograph, scenePhotograph } from './lib/photos.mjs';

// `--out <dir>` writes elsewhere (the demo site's test regenerates into a temporary folder and compares).
const outFlag = process.argv.indexOf('--out');
const assets = outFlag > 0 ? process.argv[outFlag + 1] : join(dirname(fileURLToPath(import.meta.url)), '..', 'assets');

/** A product picture: the object on a tinted square backdrop. */
const product = (tint, body) => svg(800, 800, backdrop(tint, shade(tint, -0.06)) + body);

const mugGlazes = { blue: P.ocean, sand: P.sand, charcoal: P.charcoal };
const apronCloths = { rust: P.rust, olive: P.olive, natural: P.oat };

const files = {
  'logo.svg': svg(64, 64, rect(0, 0, 64, 64, P.ink, 14) + group('translate(12 12)', O.tileMark(40, P.paper, P.terracotta))),

  'shop/mug-blue.svg': product(P.cream, O.mug(mugGlazes.blue, 1)),
  'shop/mug-sand.svg': product(P.mint, O.mug(mugGlazes.sand, 2)),
  'shop/mug-charcoal.svg': product(P.sand, O.mug(mugGlazes.charcoal, 3)),
  'shop/mug-steam.svg': product(P.sky, O.mug(mugGlazes.blue, 4) + O.steam(370, 250)),
  'shop/dripper.svg': product(P.sand, O.dripper(P.paper)),
  'shop/apron-rust.svg': product(P.cream, O.apron(apronCloths.rust)),
  'shop/apron-olive.svg': product(P.cream, O.apron(apronCloths.olive)),
  'shop/apron-natural.svg': product(P.mint, O.apron(apronCloths.natural)),
  'shop/house-blend.svg': product(P.cream, O.coffeeBag(P.terracotta, P.paper, 'HOUSE')),
  'shop/ethiopia-guji.svg': product(P.blush, O.coffeeBag(P.ocean, P.paper, 'GUJI')),
  'shop/subscription.svg': product(
    P.mint,
    group('translate(-110 0)', O.coffeeBag(P.olive, P.paper, 'MONTHLY')) +
      group('translate(150 40) scale(.85) translate(0 60)', O.coffeeBag(P.rust, P.paper, 'CHOICE')),
  ),
  'shop/carafe.svg': product(P.cream, O.carafe()),
  'shop/grinder.svg': product(P.blush, O.grinder()),
  'shop/planter.svg': product(P.cream, O.planter(P.paper, 1, 21)),
  'shop/planter-sizes.svg': product(
    P.mint,
    group('translate(-200 0)', O.planter(P.paper, 0.6, 22)) + O.planter(P.paper, 0.8, 23) + group('translate(220 0)', O.planter(P.paper, 1, 24)),
  ),
  'shop/tea-towels-oat.svg': product(P.mint, O.towels(P.oat)),
  'shop/tea-towels-sage.svg': product(P.cream, O.towels(P.sage)),
  'shop/walnut-scoop.svg': product(P.sand, O.scoop()),
  'shop/gift-box.svg': product(P.cream, O.giftBox(P.sage)),
  'shop/candle.svg': product(P.sky, O.candle(P.gold)),
  'shop/kettle-cream.svg': product(P.sand, O.kettle(P.paper, P.charcoal)),
  'shop/kettle-black.svg': product(P.cream, O.kettle(P.charcoal, P.clay)),
  'shop/workshop.svg': product(
    P.mint,
    group('translate(-120 0)', O.kettle(P.charcoal, P.clay)) + group('translate(180 60) scale(.8) translate(100 150)', O.dripper(P.paper)),
  ),
  'shop/brew-guide.svg': product(P.sand, O.booklet()),
  'shop/gift-card.svg': product(P.cream, O.giftCard()),
  'shop/members-club.svg': product(P.blush, O.memberCard()),
  'shop/teapot.svg': product(P.cream, O.teapot()),
};

const sceneFiles = {
  'pages/home-hero.svg': 'hero',
  'pages/about-studio.svg': 'studio',
  'journal/green-coffee.svg': 'greenCoffee',
  'journal/pour-over.svg': 'pourOver',
  'journal/studio-mug.svg': 'studioMug',
  'journal/window-plants.svg': 'plants',
  'journal/roast-day.svg': 'roastDay',
  'journal/winter-origin.svg': 'winterOrigin',
  'events/cupping.svg': 'cupping',
  'events/latte-art.svg': 'latteArt',
  'events/holiday-market.svg': 'market',
  'events/wheel-class.svg': 'wheelClass',
  'events/spring-tasting.svg': 'springTasting',
  'gallery/roastery-dawn.svg': 'roasteryDawn',
  'gallery/green-sacks.svg': 'sacks',
  'gallery/glaze-tests.svg': 'glazeTests',
  'gallery/kiln-shelf.svg': 'kilnShelf',
  'gallery/bloom.svg': 'dripperTop',
  'gallery/shop-window.svg': 'shopWindow',
  'gallery/mugs-drying.svg': 'mugsDrying',
  'gallery/cupping-table.svg': 'cuppingTable',
  'gallery/market-stall.svg': 'marketStall',
  'lessons/espresso.svg': 'espresso',
  'lessons/roast-profile.svg': 'roastProfile',
  'lessons/ceramics-care.svg': 'ceramicsCare',
};
for (const [file, scene] of Object.entries(sceneFiles)) files[file] = svg(1200, 800, scenes[scene]());

function write(relative, content) {
  const target = join(assets, relative);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, content);
  return content.length;
}

/** The products photographed, each on its own wall and table (the raster pictures the image service resizes). */
const photos = {
  'shop/photos/stoneware-mug.jpg': [O.mug(mugGlazes.blue, 1), P.sky, P.clay, 11],
  'shop/photos/house-blend.jpg': [O.coffeeBag(P.terracotta, P.paper, 'HOUSE'), P.cream, P.coffee, 12],
  'shop/photos/ethiopia-guji.jpg': [O.coffeeBag(P.ocean, P.paper, 'GUJI'), P.blush, P.oat, 13],
  'shop/photos/pour-over-dripper.jpg': [O.dripper(P.paper), P.sand, P.charcoal, 14],
  'shop/photos/hand-grinder.jpg': [O.grinder(), P.mint, P.clay, 15],
  'shop/photos/linen-apron.jpg': [O.apron(apronCloths.rust), P.cream, P.sand, 16],
  'shop/photos/speckled-planter.jpg': [O.planter(P.paper, 1, 21), P.sage, P.oat, 17],
  'shop/photos/glass-carafe.jpg': [O.carafe(), P.sky, P.coffee, 18],
  'shop/photos/gooseneck-kettle.jpg': [O.kettle(P.paper, P.charcoal), P.blush, P.clay, 19],
  'shop/photos/waffle-tea-towels.jpg': [O.towels(P.oat), P.mint, P.coffee, 20],
  'shop/photos/walnut-scoop.jpg': [O.scoop(), P.cream, P.oat, 21],
  'shop/photos/beeswax-candle.jpg': [O.candle(P.gold), P.charcoal, P.coffee, 22],
  'shop/photos/speckled-teapot.jpg': [O.teapot(), P.sand, P.olive, 23],
};

/**
 * The gallery's scenes are photographed (its page shows rasters through the image service, as a real
 * gallery does); only the shop window's drawing is kept as a file, for the event that shows it.
 */
const galleryPhotos = Object.keys(sceneFiles)
  .filter((file) => file.startsWith('gallery/'))
  .map((file, i) => [file.replace(/^gallery\/(.*)\.svg$/, 'gallery/photos/$1.jpg'), files[file], 31 + i]);
for (const file of Object.keys(files)) if (file.startsWith('gallery/') && file !== 'gallery/shop-window.svg') delete files[file];

let total = 0;
for (const [file, content] of Object.entries(files)) total += write(file, content);
for (const [file, [body, wall, table, seed]] of Object.entries(photos)) total += write(file, await photograph(body, { wall, table, seed }));
for (const [file, drawing, seed] of galleryPhotos) total += write(file, await scenePhotograph(drawing, seed));
total += write('downloads/brew-guide.pdf', brewGuidePdf());
console.log(
  `wrote ${Object.keys(files).length + Object.keys(photos).length + galleryPhotos.length + 1} files, ${Math.round(total / 1024)} KB in all, to ${assets}`,
);
