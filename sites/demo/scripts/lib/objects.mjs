// The shop's objects, each drawn on an 800 x 800 stage standing on a ground line near y = 610.
// Scenes reuse them at other scales with a transform.
import { palette as P, shade, rect, circle, ellipse, path, stroke, group, text, speckles, leaf, steam, bean } from './draw.mjs';

/** A hand-thrown mug, glazed in `glaze` with a raw speckled foot. */
export function mug(glaze, seed = 1) {
  const body = 'M270 300 L282 560 Q286 600 320 600 L480 600 Q514 600 518 560 L530 300Z';
  const foot = 'M279 512 Q320 496 360 514 T440 512 T521 508 L518 560 Q514 600 480 600 L320 600 Q286 600 282 560Z';
  return (
    stroke('M522 360 C628 356 628 512 514 506', shade(glaze, -0.18), 38) +
    stroke('M522 360 C628 356 628 512 514 506', glaze, 22) +
    path(body, glaze) +
    path('M270 300 L282 560 Q286 600 320 600 L340 600 Q306 598 302 560 L292 300Z', 'rgba(255,255,255,.14)') +
    path(foot, P.oat) +
    speckles(seed, 26, 292, 520, 218, 70) +
    ellipse(400, 300, 130, 28, shade(glaze, 0.25)) +
    ellipse(400, 302, 114, 20, shade(glaze, -0.35))
  );
}

/** A cone dripper on its saucer, filter paper showing above the rim. */
export function dripper(glaze = P.cream) {
  return (
    ellipse(400, 560, 150, 30, shade(glaze, -0.12)) +
    ellipse(400, 552, 150, 26, glaze) +
    rect(352, 500, 96, 52, shade(glaze, -0.08), 8) +
    path('M240 290 L560 290 L470 510 L330 510Z', glaze) +
    path('M240 290 L300 290 L372 510 L330 510Z', 'rgba(255,255,255,.35)') +
    stroke('M330 330 L380 480 M470 330 L420 480 M400 320 L400 490', shade(glaze, -0.14), 6) +
    path('M262 292 L282 250 L302 280 L322 246 L342 278 L362 244 L382 276 L402 242 L422 276 L442 244 L462 278 L482 246 L502 280 L522 250 L540 292Z', P.white) +
    ellipse(400, 292, 160, 16, shade(glaze, -0.1)) +
    stroke('M560 330 q60 10 50 70 q-6 30 -48 30', shade(glaze, -0.06), 20)
  );
}

/** A cross-back apron with a chest pocket and ties. */
export function apron(cloth) {
  const dark = shade(cloth, -0.22);
  return (
    stroke('M330 230 C330 120 470 120 470 230', dark, 16) +
    stroke('M262 380 C200 390 188 440 168 520 M538 380 C600 390 612 440 632 520', dark, 14) +
    path('M330 220 L470 220 L480 360 Q540 370 548 400 L540 620 Q538 650 508 650 L292 650 Q262 650 260 620 L252 400 Q260 370 320 360Z', cloth) +
    path('M330 220 L360 220 L350 360 Q290 372 282 400 L290 650 L292 650 Q262 650 260 620 L252 400 Q260 370 320 360Z', 'rgba(255,255,255,.10)') +
    rect(352, 262, 96, 78, dark, 6) +
    stroke('M360 272 L440 272 L440 332 L360 332Z', 'rgba(255,255,255,.45)', 3, ' stroke-dasharray="8 7"') +
    rect(300, 470, 200, 90, dark, 8) +
    stroke('M400 470 L400 560', 'rgba(255,255,255,.45)', 3, ' stroke-dasharray="8 7"')
  );
}

/** A stand-up coffee pouch with a paper label. */
export function coffeeBag(bag, label, name) {
  return (
    path('M270 230 L530 230 L548 600 Q548 612 536 612 L264 612 Q252 612 252 600Z', bag) +
    path('M270 230 L330 230 L320 612 L264 612 Q252 612 252 600Z', 'rgba(255,255,255,.10)') +
    rect(262, 196, 276, 44, shade(bag, -0.2), 6) +
    stroke('M276 218 L524 218', 'rgba(255,255,255,.35)', 3, ' stroke-dasharray="10 8"') +
    rect(306, 330, 188, 212, label, 10) +
    circle(400, 404, 40, bag) +
    bean(400, 404, 22, -30, P.cream) +
    text(400, 484, name, 26, bag) +
    rect(346, 502, 108, 8, shade(label, -0.2), 4)
  );
}

/** A borosilicate carafe with a wooden collar and coffee inside. */
export function carafe() {
  return (
    path('M350 250 L450 250 L452 330 Q580 400 570 520 Q560 610 400 610 Q240 610 230 520 Q220 400 348 330Z', 'rgba(190,211,223,.55)') +
    path('M238 500 Q400 470 562 500 Q560 608 400 608 Q240 608 238 500Z', P.coffee) +
    path('M238 500 Q400 470 562 500 Q400 520 238 500Z', shade(P.coffee, 0.2)) +
    rect(340, 300, 120, 50, P.clay, 10) +
    stroke('M340 325 L460 325', shade(P.clay, -0.25), 4) +
    path('M346 250 L454 250 L470 226 L330 226Z', 'rgba(190,211,223,.8)') +
    stroke('M270 420 Q262 470 276 520', 'rgba(255,255,255,.7)', 10)
  );
}

/** A conical burr hand grinder with a walnut knob. */
export function grinder() {
  const steel = '#9AA3A8';
  return (
    rect(310, 300, 180, 300, steel, 20) +
    rect(310, 300, 50, 300, 'rgba(255,255,255,.25)', 20) +
    rect(300, 420, 200, 30, shade(steel, -0.25), 8) +
    rect(300, 560, 200, 40, shade(steel, -0.2), 10) +
    rect(330, 270, 140, 36, shade(steel, -0.3), 10) +
    rect(392, 180, 16, 92, shade(steel, -0.35)) +
    stroke('M400 190 L560 150', shade(steel, -0.35), 18) +
    ellipse(566, 126, 26, 36, P.coffee) +
    ellipse(558, 116, 8, 14, 'rgba(255,255,255,.25)')
  );
}

/** A speckled planter holding a leafy plant. */
export function planter(glaze, scale = 1, seed = 3) {
  const leaves =
    leaf(400, 380, 230, -8, P.leaf) +
    leaf(390, 390, 190, -42, P.leafLight) +
    leaf(410, 390, 200, 38, P.leafLight) +
    leaf(380, 395, 160, -70, P.leaf) +
    leaf(420, 395, 170, 68, P.leaf);
  const pot =
    path('M270 380 L530 380 L500 600 Q496 612 484 612 L316 612 Q304 612 300 600Z', glaze) +
    path('M270 380 L320 380 L336 612 L316 612 Q304 612 300 600Z', 'rgba(255,255,255,.14)') +
    rect(258, 366, 284, 36, shade(glaze, -0.12), 10) +
    speckles(seed, 34, 290, 410, 220, 190);
  return group(`translate(400 612) scale(${scale}) translate(-400 -612)`, leaves + pot);
}

/** Two folded waffle towels, stacked. */
export function towels(cloth) {
  const one = (y, c) =>
    rect(230, y, 340, 110, c, 14) +
    rect(230, y + 18, 340, 14, shade(c, -0.2)) +
    path(`M230 ${y + 54} h340`, 'none', ` stroke="${shade(c, -0.1)}" stroke-width="40" stroke-dasharray="6 10"`);
  return (
    one(490, shade(cloth, -0.08)) +
    one(370, cloth) +
    ellipse(560, 300, 26, 26, 'none', ` stroke="${P.clay}" stroke-width="8"`) +
    stroke('M548 320 L540 380', P.clay, 8)
  );
}

/** A walnut scoop with engraved initials on the handle. */
export function scoop() {
  return group(
    'translate(400 430) scale(1.3) rotate(-28) translate(-400 -430)',
    rect(386, 230, 28, 260, P.coffee, 14) +
      text(400, 360, 'M·L', 22, shade(P.coffee, 0.35), ' transform="rotate(90 400 360)"') +
      ellipse(400, 540, 90, 74, P.coffee) +
      ellipse(400, 532, 70, 54, shade(P.coffee, -0.3)) +
      bean(380, 524, 16, 20, P.bean) +
      bean(414, 540, 16, -30, shade(P.bean, 0.15)),
  );
}

/** A gift box with ribbon, bow and a paper tag. */
export function giftBox(box = P.sage) {
  return (
    rect(250, 360, 300, 250, box, 10) +
    rect(236, 310, 328, 70, shade(box, -0.12), 10) +
    rect(384, 310, 32, 300, P.terracotta) +
    path('M400 312 C340 240 300 270 330 300 C350 318 380 316 400 312Z', P.terracotta) +
    path('M400 312 C460 240 500 270 470 300 C450 318 420 316 400 312Z', P.rust) +
    stroke('M430 420 L500 470', P.ink, 3) +
    group('rotate(18 520 490)', rect(488, 460, 74, 48, P.paper, 6) + circle(500, 484, 5, P.ink))
  );
}

/** A beeswax candle in an amber jar, lit. */
export function candle(jar = P.gold) {
  return (
    path('M400 220 C430 260 428 290 400 300 C372 290 370 260 400 220Z', P.terracotta) +
    path('M400 250 C414 270 412 288 400 294 C388 288 386 270 400 250Z', P.butter) +
    stroke('M400 300 L400 330', P.ink, 5) +
    rect(290, 330, 220, 280, jar, 24) +
    rect(290, 330, 220, 40, shade(jar, -0.2), 20) +
    rect(310, 420, 180, 120, P.paper, 8) +
    circle(400, 470, 26, 'none', ` stroke="${jar}" stroke-width="8"`) +
    rect(306, 350, 34, 240, 'rgba(255,255,255,.2)', 14)
  );
}

/** A gooseneck kettle in enamel. */
export function kettle(enamel = P.cream, handle = P.charcoal) {
  return (
    stroke('M300 470 C230 440 210 330 160 300', shade(enamel, -0.1), 22) +
    ellipse(400, 500, 150, 120, enamel) +
    path('M250 500 L550 500 L540 600 Q536 612 520 612 L280 612 Q264 612 260 600Z', enamel) +
    rect(262, 578, 276, 20, shade(enamel, -0.12)) +
    stroke('M470 400 C600 380 600 560 520 580', handle, 24) +
    rect(370, 360, 60, 30, handle, 12) +
    ellipse(340, 470, 30, 50, 'rgba(255,255,255,.35)')
  );
}

/** A printed guide with a PDF corner tag. */
export function booklet() {
  return (
    group('rotate(-6 400 420)', rect(250, 200, 300, 400, P.cream, 10) + rect(262, 212, 300, 400, P.paper, 10)) +
    rect(270, 210, 300, 400, P.ocean, 10) +
    group('translate(420 350) scale(.45) translate(-400 -400)', dripper(P.paper)) +
    text(420, 500, 'BREW GUIDE', 28, P.paper) +
    rect(350, 520, 140, 6, P.sky, 3) +
    rect(480, 560, 80, 40, P.terracotta, 6) +
    text(520, 588, 'PDF', 20, P.paper)
  );
}

/** A gift card with the shop's tile mark. */
export function giftCard() {
  return (
    group('rotate(-8 400 420)', rect(200, 280, 400, 250, P.sage, 22)) +
    rect(200, 290, 400, 250, P.terracotta, 22) +
    group('translate(270 360)', tileMark(80, P.paper)) +
    text(470, 400, 'GIFT', 40, P.paper) +
    text(470, 446, 'CARD', 40, P.paper) +
    path('M200 500 h400', 'none', ` stroke="${P.rust}" stroke-width="26"`)
  );
}

/** A membership card with a key. */
export function memberCard() {
  return (
    rect(200, 280, 400, 250, P.charcoal, 22) +
    group(
      'translate(300 405)',
      circle(0, 0, 44, 'none', ` stroke="${P.gold}" stroke-width="16"`) +
        rect(40, -8, 110, 16, P.gold, 4) +
        rect(118, 8, 14, 30, P.gold) +
        rect(140, 8, 14, 22, P.gold),
    ) +
    text(400, 490, 'MEMBERS', 30, P.paper) +
    rect(230, 310, 70, 10, P.gold, 5)
  );
}

/** A round teapot (the draft product). */
export function teapot(glaze = P.ocean) {
  return (
    stroke('M520 470 C600 460 610 390 640 360', glaze, 28) +
    stroke('M270 430 C200 430 200 540 280 540', shade(glaze, -0.2), 22) +
    ellipse(400, 480, 150, 130, glaze) +
    ellipse(400, 360, 90, 20, shade(glaze, -0.2)) +
    circle(400, 330, 20, shade(glaze, 0.2)) +
    speckles(9, 30, 280, 400, 240, 180)
  );
}

/** The shop's mark: four tiles, one turned. */
export function tileMark(size, color, accent = color) {
  const s = size / 2 - 4;
  return (
    rect(0, 0, s, s, color, 4) +
    rect(size / 2 + 4 - 8, 0, s, s, color, 4) +
    rect(0, size / 2 + 4 - 8, s, s, color, 4) +
    group(`rotate(45 ${size * 0.72} ${size * 0.72})`, rect(size * 0.72 - s / 2, size * 0.72 - s / 2, s, s, accent, 4))
  );
}

export { steam };
