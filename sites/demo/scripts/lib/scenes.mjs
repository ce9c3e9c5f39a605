// Wide scenes (1200 x 800) for the journal, events, gallery, lessons and pages, composed from the
// shop's objects so every picture shares one palette.
import { palette as P, shade, rect, circle, ellipse, path, stroke, group, text, leaf, bean, steam, seeded, speckles } from './draw.mjs';
import * as O from './objects.mjs';

const W = 1200;
const H = 800;

/** Places an 800 x 800 object so its ground point (400, 612) lands on (x, y) at the given scale. */
const put = (x, y, scale, body) => group(`translate(${x} ${y}) scale(${scale}) translate(-400 -612)`, body);

function room(wall, floor, floorY = 560) {
  return rect(0, 0, W, H, wall) + rect(0, floorY, W, H - floorY, floor);
}

function windowFrame(x, y, w, h, sky = P.sky, frame = P.paper, sun = true) {
  return (
    rect(x - 14, y - 14, w + 28, h + 28, frame, 6) +
    rect(x, y, w, h, sky) +
    (sun ? circle(x + w * 0.7, y + h * 0.35, Math.min(w, h) * 0.16, P.butter) : '') +
    path(`M${x} ${y + h} L${x + w * 0.35} ${y + h * 0.62} L${x + w * 0.6} ${y + h * 0.8} L${x + w} ${y + h * 0.55} L${x + w} ${y + h}Z`, shade(P.sage, -0.1)) +
    rect(x + w / 2 - 6, y, 12, h, frame) +
    rect(x, y + h / 2 - 6, w, 12, frame)
  );
}

const table = (y, top = P.clay) => rect(0, y, W, 26, top) + rect(0, y + 26, W, H - y - 26, shade(top, -0.25));
const shelf = (x, y, w, color = P.clay) =>
  rect(x, y, w, 16, color, 3) + rect(x + 20, y + 16, 10, 26, shade(color, -0.3)) + rect(x + w - 30, y + 16, 10, 26, shade(color, -0.3));

function roaster(x, y) {
  const body = '#3F4A4E';
  return group(
    `translate(${x} ${y})`,
    rect(-40, -330, 80, 120, P.terracotta, 8) +
      path('M-90 -420 L90 -420 L30 -330 L-30 -330Z', '#9AA3A8') +
      circle(0, -150, 150, body) +
      circle(0, -150, 110, shade(body, 0.15)) +
      circle(0, -150, 40, P.terracotta) +
      rect(-160, -20, 320, 40, shade(body, -0.2), 8) +
      rect(-120, 20, 20, 120, shade(body, -0.2)) +
      rect(100, 20, 20, 120, shade(body, -0.2)) +
      ellipse(260, 30, 150, 36, '#9AA3A8') +
      ellipse(260, 24, 130, 26, P.coffee) +
      [0, 1, 2, 3, 4, 5, 6, 7].map((i) => bean(180 + i * 22, 18 + (i % 3) * 6, 9, i * 40, P.bean)).join(''),
  );
}

function wheel(x, y, clay = P.clay) {
  return group(
    `translate(${x} ${y})`,
    ellipse(0, 0, 260, 60, P.charcoal) +
      ellipse(0, -10, 240, 50, '#5A5550') +
      ellipse(0, -24, 140, 30, '#8E8780') +
      path('M-90 -30 L-80 -200 Q0 -230 80 -200 L90 -30Z', clay) +
      ellipse(0, -200, 80, 18, shade(clay, -0.25)) +
      stroke('M-84 -90 Q0 -70 84 -90 M-86 -140 Q0 -120 86 -140', shade(clay, -0.15), 5),
  );
}

function sack(x, y, color, seed) {
  return group(
    `translate(${x} ${y})`,
    path('M-120 0 Q-140 -200 -80 -260 L80 -260 Q140 -200 120 0Z', color) +
      path('M-80 -260 Q0 -300 80 -260 Q0 -240 -80 -260Z', shade(color, -0.3)) +
      path('M-80 -256 Q0 -226 80 -256 L74 -246 Q0 -214 -74 -246Z', P.bean) +
      text(0, -120, 'GUJI', 34, shade(color, -0.45)) +
      speckles(seed, 20, -100, -220, 200, 200, 'rgba(60,40,20,.2)'),
  );
}

function cupTop(x, y, r, glaze, drink = P.coffee) {
  return circle(x, y, r, glaze) + circle(x, y, r * 0.8, drink) + ellipse(x + r * 0.35, y - r * 0.35, r * 0.18, r * 0.1, 'rgba(255,255,255,.25)');
}

function heartLatte(x, y, r) {
  return (
    cupTop(x, y, r, P.paper, shade(P.coffee, 0.15)) +
    path(
      `M${x} ${y + r * 0.42} C${x - r * 0.7} ${y} ${x - r * 0.5} ${y - r * 0.52} ${x} ${y - r * 0.2} C${x + r * 0.5} ${y - r * 0.52} ${x + r * 0.7} ${y} ${x} ${y + r * 0.42}Z`,
      P.cream,
    )
  );
}

function branch() {
  const rand = seeded(7);
  let cherries = '';
  for (const [cx, cy] of [
    [420, 380],
    [560, 430],
    [700, 360],
    [820, 420],
    [640, 300],
  ]) {
    for (let i = 0; i < 5; i++) cherries += circle(cx + rand() * 50 - 25, cy + rand() * 40 - 20, 24, i % 2 ? P.terracotta : P.rust);
  }
  return (
    stroke('M120 320 C400 260 700 420 1100 300', P.coffee, 18) +
    [200, 330, 480, 610, 760, 900, 1020].map((x, i) => leaf(x, 300 + (i % 2) * 60, 150, i % 2 ? 150 : 30, i % 2 ? P.leaf : P.leafLight)).join('') +
    cherries
  );
}

function stall(x, y) {
  const stripes = [0, 1, 2, 3, 4, 5].map((i) => rect(x + i * 100, y, 100, 70, i % 2 ? P.paper : P.terracotta)).join('');
  return (
    rect(x + 10, y + 70, 14, 360, P.charcoal) +
    rect(x + 576, y + 70, 14, 360, P.charcoal) +
    stripes +
    path(`M${x} ${y + 70} ${[0, 1, 2, 3, 4, 5].map(() => `q50 40 100 0`).join(' ')}`, P.terracotta) +
    rect(x - 10, y + 290, 620, 30, P.clay) +
    rect(x, y + 320, 600, 110, shade(P.clay, -0.25))
  );
}

function kiln(x, y) {
  return group(
    `translate(${x} ${y})`,
    rect(-200, -440, 400, 440, '#9AA3A8', 16) +
      rect(-170, -410, 340, 380, P.charcoal, 8) +
      [-310, -190].map((sy) => rect(-160, sy, 320, 12, P.sand)).join('') +
      put(-90, -310, 0.22, O.mug(P.ocean, 4)) +
      put(10, -310, 0.22, O.mug(P.terracotta, 5)) +
      put(100, -310, 0.22, O.mug(P.sage, 6)) +
      put(-60, -190, 0.28, O.planter(P.cream, 1, 7)) +
      put(80, -190, 0.25, O.dripper(P.sand)) +
      rect(-200, -470, 400, 40, shade('#9AA3A8', -0.2), 10),
  );
}

function chart(x, y, w, h) {
  const pts = [
    [0, 0.1],
    [0.15, 0.35],
    [0.3, 0.5],
    [0.45, 0.6],
    [0.6, 0.7],
    [0.75, 0.78],
    [0.9, 0.83],
    [1, 0.86],
  ];
  const d = pts.map(([px, py], i) => `${i ? 'L' : 'M'}${(x + px * w).toFixed(0)} ${(y + h - py * h).toFixed(0)}`).join(' ');
  return (
    rect(x - 30, y - 30, w + 60, h + 60, P.paper, 14) +
    [0.25, 0.5, 0.75].map((g) => rect(x, y + h * g, w, 2, P.sand)).join('') +
    stroke(d, P.terracotta, 10) +
    circle(x + 0.45 * w, y + h - 0.6 * h, 14, P.rust) +
    stroke(`M${x} ${y + h} L${x + w} ${y + h} M${x} ${y} L${x} ${y + h}`, P.charcoal, 4)
  );
}

function snow(seed) {
  const rand = seeded(seed);
  let out = '';
  for (let i = 0; i < 40; i++) out += circle(rand() * W, rand() * 520, 4 + rand() * 6, 'rgba(255,255,255,.85)');
  return out;
}

export const scenes = {
  hero: () =>
    room(P.sand, P.clay, 600) +
    windowFrame(700, 90, 360, 300) +
    table(560, P.clay) +
    put(300, 570, 0.55, O.coffeeBag(P.terracotta, P.paper, 'HOUSE')) +
    put(560, 570, 0.48, O.mug(P.ocean, 2)) +
    steam(540, 330) +
    put(950, 570, 0.62, O.planter(P.cream, 1, 8)),
  greenCoffee: () => rect(0, 0, W, H, P.mint) + branch() + rect(0, 600, W, 200, P.sage) + sack(260, 780, P.oat, 3) + sack(520, 790, P.sand, 4),
  pourOver: () =>
    room(P.cream, P.clay, 620) +
    table(600, P.clay) +
    put(560, 610, 0.62, O.carafe()) +
    put(560, 400, 0.55, O.dripper(P.paper)) +
    group('rotate(-24 820 190)', put(880, 330, 0.62, O.kettle(P.charcoal, P.ink))) +
    stroke('M712 180 Q620 170 590 250', 'rgba(107,74,51,.85)', 8),
  studioMug: () =>
    room(P.oat, shade(P.oat, -0.2), 640) +
    shelf(120, 220, 420) +
    put(200, 224, 0.22, O.mug(P.cream, 1)) +
    put(300, 224, 0.22, O.mug(P.cream, 2)) +
    put(400, 224, 0.22, O.mug(P.cream, 3)) +
    put(480, 224, 0.22, O.mug(P.cream, 4)) +
    wheel(760, 640),
  plants: () =>
    room(P.mint, P.sand, 640) +
    windowFrame(250, 80, 700, 430, '#D8E6EE', P.paper, false) +
    rect(210, 520, 780, 30, P.paper, 4) +
    put(340, 524, 0.4, O.planter(P.terracotta, 1, 11)) +
    put(520, 524, 0.5, O.planter(P.cream, 1, 12)) +
    put(720, 524, 0.36, O.planter(P.ocean, 1, 13)) +
    put(880, 524, 0.3, O.planter(P.sage, 1, 14)),
  roastDay: () => room(P.cream, P.sand, 660) + windowFrame(80, 100, 280, 320) + roaster(660, 640),
  winterOrigin: () => rect(0, 0, W, H, '#C9D8E2') + snow(5) + rect(0, 600, W, 200, P.paper) + put(600, 680, 0.75, O.coffeeBag(P.ocean, P.paper, 'WINTER')),
  cupping: () =>
    rect(0, 0, W, H, P.clay) +
    [200, 420, 640, 860, 1080].map((x) => cupTop(x - 40, 300, 80, P.paper) + cupTop(x - 40, 520, 80, P.paper)).join('') +
    stroke('M120 680 L1080 680', P.paper, 6, ' stroke-dasharray="2 24"'),
  latteArt: () => rect(0, 0, W, H, P.sage) + heartLatte(600, 400, 230) + ellipse(880, 560, 70, 22, P.paper) + stroke('M760 560 L1000 540', '#9AA3A8', 14),
  market: () =>
    rect(0, 0, W, H, '#D8E6EE') +
    rect(0, 620, W, 180, P.sand) +
    stall(300, 160) +
    put(420, 452, 0.2, O.mug(P.ocean, 1)) +
    put(500, 452, 0.2, O.mug(P.terracotta, 2)) +
    put(640, 452, 0.28, O.coffeeBag(P.rust, P.paper, 'HOUSE')) +
    put(780, 452, 0.24, O.candle()),
  wheelClass: () =>
    room(P.sand, P.clay, 620) + wheel(600, 660, P.terracotta) + shelf(80, 200, 300) + put(160, 204, 0.2, O.mug(P.oat, 7)) + put(260, 204, 0.2, O.mug(P.oat, 8)),
  springTasting: () =>
    rect(0, 0, W, H, P.blush) +
    table(520, P.sand) +
    [360, 600, 840].map((x, i) => put(x, 560, 0.36, O.mug([P.ocean, P.sage, P.terracotta][i], i + 1))).join('') +
    leaf(150, 520, 220, 20, P.leafLight) +
    leaf(1050, 520, 220, -20, P.leafLight),
  roasteryDawn: () => room('#F1D9B5', P.sand, 660) + windowFrame(760, 120, 320, 300, '#F6C89F') + roaster(380, 640),
  sacks: () =>
    rect(0, 0, W, H, P.cream) +
    rect(0, 640, W, 160, P.clay) +
    sack(300, 700, P.oat, 5) +
    sack(600, 690, P.sand, 6) +
    sack(900, 700, P.oat, 7) +
    [0, 1, 2, 3, 4, 5, 6].map((i) => bean(420 + i * 60, 740 + (i % 2) * 14, 14, i * 50)).join(''),
  glazeTests: () =>
    rect(0, 0, W, H, P.cream) +
    [0, 1, 2, 3]
      .map(
        (row) =>
          shelf(160, 170 + row * 160, 880, P.clay) +
          [0, 1, 2, 3, 4, 5, 6]
            .map((c) =>
              rect(190 + c * 120, 90 + row * 160, 90, 80, [P.ocean, P.sage, P.terracotta, P.cream, P.charcoal, P.gold, P.olive][(c + row * 2) % 7], 8),
            )
            .join(''),
      )
      .join(''),
  kilnShelf: () => room(P.oat, P.charcoal, 700) + kiln(600, 700),
  dripperTop: () =>
    rect(0, 0, W, H, P.charcoal) +
    circle(600, 400, 250, P.paper) +
    circle(600, 400, 200, P.white) +
    circle(600, 400, 150, P.coffee) +
    circle(600, 400, 60, shade(P.coffee, 0.25)) +
    stroke('M600 50 Q620 200 600 300', 'rgba(191,211,223,.8)', 10),
  shopWindow: () =>
    rect(0, 0, W, H, P.terracotta) +
    rect(150, 120, 900, 560, P.charcoal, 6) +
    rect(190, 160, 820, 380, '#D8E6EE') +
    text(600, 110, 'TESSERA SUPPLY CO.', 40, P.paper) +
    shelf(230, 420, 740, P.paper) +
    put(330, 424, 0.24, O.mug(P.ocean, 1)) +
    put(450, 424, 0.24, O.mug(P.cream, 2)) +
    put(600, 424, 0.3, O.coffeeBag(P.rust, P.paper, 'HOUSE')) +
    put(760, 424, 0.3, O.planter(P.sage, 1, 9)) +
    rect(150, 680, 900, 120, P.sand),
  mugsDrying: () =>
    rect(0, 0, W, H, P.sand) +
    [0, 1]
      .map(
        (row) =>
          rect(80, 330 + row * 280, 1040, 24, P.coffee, 4) +
          [0, 1, 2, 3, 4, 5]
            .map((c) =>
              group(
                `translate(${210 + c * 160} ${330 + row * 280}) scale(.3 -.3) translate(-400 -600)`,
                O.mug(P.oat, c + row * 6)
                  .replace(/<ellipse[^>]*\/><ellipse[^>]*\/>$/, '')
                  .replace(/<circle[^>]*\/>/g, ''),
              ),
            )
            .join(''),
      )
      .join(''),
  cuppingTable: () =>
    rect(0, 0, W, H, P.coffee) +
    rect(100, 100, 1000, 600, P.paper, 20) +
    [0, 1, 2].map((r) => [0, 1, 2, 3].map((c) => cupTop(280 + c * 210, 220 + r * 180, 62, P.cream)).join('')).join(''),
  marketStall: () =>
    rect(0, 0, W, H, '#F6E3C4') +
    rect(0, 640, W, 160, P.clay) +
    stall(300, 200) +
    put(440, 492, 0.22, O.planter(P.terracotta, 1, 2)) +
    put(600, 492, 0.28, O.giftBox()) +
    put(760, 492, 0.24, O.candle(P.butter)),
  espresso: () =>
    rect(0, 0, W, H, P.charcoal) +
    put(600, 640, 0.6, O.mug(P.paper, 3)) +
    rect(300, 80, 600, 140, '#9AA3A8', 20) +
    rect(520, 220, 160, 40, '#7D868B', 8) +
    stroke('M580 260 L580 330 M620 260 L620 330', P.coffee, 10) +
    rect(0, 640, W, 160, shade(P.charcoal, -0.3)),
  roastProfile: () =>
    rect(0, 0, W, H, P.cream) +
    chart(200, 160, 800, 420) +
    [0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => bean(150 + i * 110, 700 + (i % 2) * 20, 22, i * 35)).join(''),
  ceramicsCare: () => room(P.mint, P.paper, 600) + table(580, P.sand) + put(460, 600, 0.6, O.mug(P.sage, 5)) + put(800, 600, 0.5, O.towels(P.oat)),
  studio: () =>
    room(P.cream, P.clay, 640) +
    windowFrame(740, 90, 340, 300) +
    shelf(100, 200, 480) +
    shelf(100, 380, 480) +
    [0, 1, 2, 3].map((i) => put(170 + i * 120, 204, 0.22, O.mug([P.ocean, P.cream, P.terracotta, P.sage][i], i))).join('') +
    [0, 1, 2].map((i) => put(190 + i * 160, 384, 0.26, O.coffeeBag([P.terracotta, P.ocean, P.olive][i], P.paper, ['HOUSE', 'GUJI', 'DECAF'][i]))).join('') +
    wheel(900, 680),
};
