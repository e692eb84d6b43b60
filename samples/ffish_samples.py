#!/usr/bin/env python3
# Writes samples/VARIANT/ffish-self-play-ending-in-TERMINATION.pgn for the variants of issue 39
# that no public archive gave us a game of: from ffish's committed reference games (the files
# named in SPEC, made by the scripts named there), the shortest game from the start that ends
# decisively with 20 plies or more (else the shortest decisive one, else the shortest), with an
# origin comment and comments at the first capture, promotion and check and at the end, read
# from xpgn's replay (`convert --to json`). Run from anywhere after building build/xpgn:
#   python3 samples/ffish_samples.py
import json, re, subprocess, sys, textwrap, os
R = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
X = os.environ.get('XPGN', os.path.join(R, 'build', 'xpgn'))
def games_from_txt(path, variant):
    out = []
    for i, l in enumerate(open(path)):
        f = l.rstrip('\n').split(';')
        if f[0] != variant: continue
        out.append(dict(idx=len(out)+1, fen=f[1], sans=f[2].split(), result=f[3]))
    return out
def games_from_pgn(path):
    text = open(path).read()
    out = []
    for n, g in enumerate(re.split(r'\n(?=\[Event )', text.strip())):
        head, _, body = g.partition('\n\n')
        res = re.search(r'\[Result "([^"]*)"\]', head).group(1)
        fen = re.search(r'\[FEN "([^"]*)"\]', head)
        toks = [t for t in body.split() if not re.match(r'^\d+\.+$', t) and t != res]
        out.append(dict(idx=n+1, fen=fen.group(1) if fen else '-', sans=toks, result=res, head=head))
    return out
def movetext(sans, notes, result):
    parts = []
    for i, s in enumerate(sans):
        if i % 2 == 0: parts.append(f'{i//2+1}.')
        elif (i-1) in notes: parts.append(f'{i//2+1}...')
        parts.append(s)
        if i in notes: parts.append('{' + notes[i] + '}')
    parts.append(result)
    return textwrap.fill(' '.join(parts), 96, break_long_words=False, break_on_hyphens=False)
def xpgn_json(pgn):
    p = subprocess.run([X, 'convert', '--to', 'json', '-'], input=pgn, capture_output=True, text=True)
    return json.loads(p.stdout)
SPEC = [
 # variant, tag, source kind, path, family script
 ('manchu','Manchu','txt','tests/data/history/xiangqi-family-ffish.txt','tests/reference/xiangqi_family.mjs', 'seed 3939'),
 ('minixiangqi','Minixiangqi','txt','tests/data/history/xiangqi-family-ffish.txt','tests/reference/xiangqi_family.mjs', 'seed 3939'),
 ('makruk','Makruk','txt','tests/data/history/makruk-family-ffish.txt','tests/reference/makruk_family.mjs', 'seed 3939'),
 ('cambodian','Cambodian','txt','tests/data/history/makruk-family-ffish.txt','tests/reference/makruk_family.mjs', 'seed 3939'),
 ('asean','ASEAN','txt','tests/data/history/makruk-family-ffish.txt','tests/reference/makruk_family.mjs', 'seed 3939'),
]
for v in ['shatranj','courier','grand','gothic','embassy','janus','hoppelpoppel']:
    SPEC.append((v, None, 'pgn', f'tests/data/old-boards/{v}-ffish-games.pgn', 'tests/reference/old_boards_ffish.mjs', 'seed 185224505'))
for v, tag, kind, path, script, seed in SPEC:
    games = games_from_txt(f'{R}/{path}', v) if kind == 'txt' else games_from_pgn(f'{R}/{path}')
    if tag is None:
        tag = re.search(r'\[Variant "([^"]*)"\]', games[0]['head']).group(1)
    cands = []
    for g in games:
        if g['fen'] != '-' or g['result'] == '*': continue
        pgn = f'[Variant "{tag}"]\n[Result "{g["result"]}"]\n\n{" ".join(g["sans"])} {g["result"]}\n'
        j = xpgn_json(pgn)['games'][0] if isinstance(xpgn_json(pgn), dict) else xpgn_json(pgn)[0]
        if not j['valid']: continue
        cands.append((len(g['sans']), g, j))
    if not cands:
        print(v, 'no decisive game from the start'); continue
    # The shortest decisive game of 20 plies or more; else the shortest decisive one; else any.
    cands.sort(key=lambda c: (c[1]['result'] not in ('1-0', '0-1'), c[0] < 20, c[0]))
    n, g, j = cands[0]
    moves = j['moves']; outcome = j['outcome']
    notes = {}
    # Annotate: the first capture, the first promotion, the first check, and the end.
    def first(pred, label):
        for i, m in enumerate(moves):
            if i not in notes and pred(m): notes[i] = label(m); return
    first(lambda m: m.get('captured'), lambda m: f"The first capture: {m['long']}.")
    first(lambda m: m.get('promotion'), lambda m: f"A promotion ({m['long']}).")
    first(lambda m: m['san'].endswith('+'), lambda m: f"The first check ({m['long']}).")
    term = outcome.get('termination') if isinstance(outcome, dict) else outcome
    words = {'checkmate': 'by checkmate', 'bare_king': 'as a bare king loses: Black has taken every white piece but the king' if g['result']=='0-1' else 'as a bare king loses', 'insufficient_material': 'as drawn: neither side has the material to mate (as Fairy-Stockfish judges it)'}
    notes[len(moves)-1] = f"xpgn ends the game here {words.get(term, term)} (termination {term}), {g['result']}: ffish's result too."
    origin = (f"Origin: generated, not a played game: no public archive we could use holds {tag} games in "
              f"Fairy-Stockfish's notation. It is game {g['idx']} of the {v} games in {path}, made by {script} "
              f"(ffish 0.7.10, Fairy-Stockfish's WebAssembly build, playing both sides; {seed}); the shortest "
              f"game from the start there ending {'decisively' if g['result'] != '1/2-1/2' else 'in a draw'} (20 plies or more where one does). Moves and result are ffish's; the comments were written "
              f"for xpgn's samples from xpgn's replay (convert --to json).")
    head = (f'[Event "{tag} samples"]\n[Site "xpgn samples"]\n[Date "????.??.??"]\n[Round "{g["idx"]}"]\n'
            f'[White "ffish"]\n[Black "ffish"]\n[Result "{g["result"]}"]\n[Variant "{tag}"]\n[Annotator "xpgn samples"]\n')
    text = head + '\n' + '{' + textwrap.fill(origin, 96, break_on_hyphens=False) + '}\n' + movetext(g['sans'], notes, g['result']) + '\n'
    os.makedirs(f'{R}/samples/{v}', exist_ok=True)
    name = f'{R}/samples/{v}/ffish-self-play-ending-in-{term.replace("_", "-")}.pgn'
    open(name, 'w').write(text)
    print(v, n, g['result'], term)
