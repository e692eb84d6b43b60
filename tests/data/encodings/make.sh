#!/usr/bin/env bash
# Makes the legacy-encoded copies of this folder's UTF-8 files with iconv (glibc), for
# tests/test_notation_pgn.cpp ("East Asian records in their own encodings"):
# ../notations/korean.pgn in EUC-KR, xiangqi-utf8.pgn (the moves of
# samples/xiangqi/li-wangxiang-wang-bin-2004.pgn, tags and comments made up in Chinese) in GB2312,
# shogi-utf8.pgn (made up; its first tag ends in 表, whose Shift_JIS form ends in the byte of a
# backslash) in Shift_JIS.
set -euo pipefail
cd "$(dirname "$0")"
iconv -f UTF-8 -t EUC-KR ../notations/korean.pgn >korean-euc-kr.pgn
iconv -f UTF-8 -t GB2312 xiangqi-utf8.pgn >xiangqi-gb2312.pgn
iconv -f UTF-8 -t SHIFT_JIS shogi-utf8.pgn >shogi-shift-jis.pgn
