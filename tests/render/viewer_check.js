// Drives the HTML game viewer (xpgn convert --to html) in headless Chromium with puppeteer-core:
// keys and clicks must move each game's board to the positions `xpgn convert --to json` gives;
// the page must make no request but for itself, keep its ids unique, and show every diagram
// without JavaScript. Run by tests/render/viewer_check.sh, which prepares the files.
//   node viewer_check.js CHROMIUM PAGE.html GAMES.json SCREENSHOT.png
'use strict';
const puppeteer = require('puppeteer-core');
const fs = require('fs');

const [browserPath, pagePath, jsonPath, shotPath] = process.argv.slice(2);
const games = JSON.parse(fs.readFileSync(jsonPath, 'utf8'));
let failures = 0;

// Records one check: prints it, counts a failure.
function check(ok, what) {
  console.log((ok ? 'ok   ' : 'FAIL ') + what);
  if (!ok) failures++;
}

// The board shown in section `game`: the visible .xpgn-board elements' ply and FEN.
async function shown(page, game) {
  return page.$$eval(`#${game} .xpgn-board`, (boards) =>
    boards.filter((b) => getComputedStyle(b).display !== 'none')
        .map((b) => ({ply: b.dataset.ply, fen: b.dataset.fen})));
}

// Checks that section `game` shows exactly one board, at `ply` with `fen`.
async function expectBoard(page, game, ply, fen, what) {
  const boards = await shown(page, game);
  check(boards.length === 1 && boards[0].ply === String(ply) && boards[0].fen === fen,
        `${what}: ${JSON.stringify(boards)} (expected ply ${ply} ${fen})`);
}

(async () => {
  const browser = await puppeteer.launch({
    executablePath: browserPath, headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage();
  await page.setViewport({width: 1100, height: 760});
  const url = 'file://' + pagePath;
  const requests = [];
  await page.setRequestInterception(true);
  page.on('request', (r) => {
    if (r.url() !== url) requests.push(r.url());
    r.continue();
  });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url, {waitUntil: 'load'});
  check(requests.length === 0, `no request but the page itself (${requests.join(' ')})`);

  const ids = await page.$$eval('[id]', (all) => all.map((e) => e.id));
  check(new Set(ids).size === ids.length, `${ids.length} ids, all unique`);
  const sections = await page.$$eval('section.game', (all) => all.map((s) => s.id));
  check(sections.length === games.length, `${sections.length} game sections for ${games.length} games`);
  const toc = await page.$$eval('nav.toc a', (all) => all.map((a) => a.getAttribute('href')));
  check(JSON.stringify(toc) === JSON.stringify(sections.map((s) => '#' + s)),
        'the table of contents links every game');

  // Every game: the start, → through the mainline, End, Home, ← from the end.
  for (let g = 0; g < games.length; g++) {
    const game = sections[g], moves = games[g].moves;
    await page.click(`#${game} h1`);  // keys go to the game last clicked
    await expectBoard(page, game, 0, games[g].start_fen, `${game} start`);
    for (let i = 0; i < moves.length; i++) {
      await page.keyboard.press('ArrowRight');
      await expectBoard(page, game, moves[i].ply, moves[i].fen_after, `${game} → ply ${i + 1}`);
    }
    await page.keyboard.press('ArrowRight');  // past the end: stays
    await expectBoard(page, game, moves.length, moves[moves.length - 1].fen_after,
                      `${game} → at the end`);
    await page.keyboard.press('Home');
    await expectBoard(page, game, 0, games[g].start_fen, `${game} Home`);
    await page.keyboard.press('End');
    await expectBoard(page, game, moves.length, moves[moves.length - 1].fen_after, `${game} End`);
    await page.keyboard.press('ArrowLeft');
    const back = moves.length > 1 ? moves[moves.length - 2].fen_after : games[g].start_fen;
    await expectBoard(page, game, moves.length - 1, back, `${game} ←`);
    // A click on each mainline move.
    const links = await page.$$(`#${game} .moves > p > a.mv`);
    check(links.length === moves.length, `${game}: ${links.length} mainline moves to click`);
    for (let i = 0; i < links.length && i < moves.length; i++) {
      await links[i].click();
      await expectBoard(page, game, moves[i].ply, moves[i].fen_after, `${game} click ply ${i + 1}`);
    }
  }

  // The first game of viewer.pgn (section 3): variations and comments.
  const game = sections[2], moves = games[2].moves;
  const variation = moves[3].variations[0];  // 2... dxc4 3. e3 (3. e4 e5) 3... Nf6
  const varLinks = await page.$$(`#${game} .moves > p > .variation > a.mv`);
  check(varLinks.length === variation.length, `${game}: ${varLinks.length} variation moves`);
  await varLinks[0].click();
  await expectBoard(page, game, 4, variation[0].fen_after, `${game} click 2... dxc4`);
  await page.keyboard.press('ArrowRight');
  await expectBoard(page, game, 5, variation[1].fen_after, `${game} → 3. e3 in the variation`);
  await page.keyboard.press('ArrowRight');
  await expectBoard(page, game, 6, variation[2].fen_after, `${game} → 3... Nf6 in the variation`);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expectBoard(page, game, 3, moves[2].fen_after, `${game} ← back before the variation`);
  const nested = await page.$$(`#${game} .variation .variation > a.mv`);
  check(nested.length === 2, `${game}: the nested variation's 2 moves`);
  await nested[1].click();
  await expectBoard(page, game, 6, variation[1].variations[0][1].fen_after,
                    `${game} click the nested 3... e5`);
  const comments = await page.$$(`#${game} .moves .comment[data-b]`);
  const texts = await Promise.all(comments.map((c) => c.evaluate((e) => e.textContent)));
  const gambit = texts.indexOf("The Queen's Gambit.");
  check(gambit >= 0, `${game}: the comment after 2. c4 is clickable (${texts.join(' | ')})`);
  if (gambit >= 0) {
    await comments[gambit].click();
    await expectBoard(page, game, 3, moves[2].fen_after, `${game} click the comment after 2. c4`);
  }

  // f turns the boards round; the screenshot shows a variant game with its legend.
  await page.click(`#${sections[3]} h1`);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  check(await page.$(`#${sections[3]} table.legend`) !== null, 'Capablanca has a legend');
  await page.keyboard.press('f');
  check(await page.$eval('html', (h) => h.classList.contains('xpgn-flip')), 'f flips');
  await page.keyboard.press('f');
  await page.click(`#${sections[0]} h1`);
  await page.keyboard.press('End');
  await page.$eval(`#${sections[0]}`, (s) => s.scrollIntoView());
  await page.screenshot({path: shotPath});
  check(errors.length === 0, `no script error (${errors.join(' ')})`);

  // Without JavaScript: every diagram shown, as a list.
  const plain = await browser.newPage();
  await plain.setJavaScriptEnabled(false);
  await plain.goto(url, {waitUntil: 'load'});
  const visible = await plain.$$eval('.xpgn-board', (boards) => [
    boards.length, boards.filter((b) => getComputedStyle(b).display !== 'none').length]);
  check(visible[0] > 0 && visible[0] === visible[1],
        `without JavaScript ${visible[1]} of ${visible[0]} diagrams shown`);
  // Each board draws: what it uses (the layers it builds on, glyphs, squares) is on the page,
  // it has a size, and each of the first game's boards looks different from the one before.
  const drawn = await plain.$$eval('.xpgn-board', (boards) => boards.map((b) => {
    const svg = b.querySelector('svg');
    const box = svg ? svg.getBoundingClientRect() : {width: 0, height: 0};
    const missing = svg ? Array.from(svg.querySelectorAll('use'))
        .map((u) => u.getAttribute('href').slice(1))
        .filter((id) => !document.getElementById(id)) : ['<svg>'];
    return {id: b.id, sized: box.width > 100 && box.height > 100, missing};
  }));
  const bad = drawn.filter((d) => !d.sized || d.missing.length);
  check(bad.length === 0,
        `without JavaScript every board is drawn (${JSON.stringify(bad.slice(0, 3))})`);
  const firstGame = await plain.$$(`#${sections[0]} .xpgn-board:not(.variation) svg`);
  const pictures = [];
  for (const svg of firstGame) pictures.push((await svg.screenshot({encoding: 'base64'})));
  const same = pictures.filter((p, i) => i > 0 && p === pictures[i - 1]).length;
  check(pictures.length === games[0].moves.length + 1 && same === 0,
        `without JavaScript ${pictures.length} boards of ${sections[0]}, each unlike the one ` +
            `before (${same} alike)`);
  await browser.close();
  console.log(failures ? `viewer check FAILED (${failures})` : 'viewer check passed');
  process.exit(failures ? 1 : 0);
})().catch((e) => {
  console.log('FAIL ' + e);
  process.exit(1);
});
