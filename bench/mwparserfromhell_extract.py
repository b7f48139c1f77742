#!/usr/bin/python3
"""The baseline for `croupier parse --json` in `npm run bench`: the Cycle 16 ruleset's tables read by header
with mwparserfromhell (Debian's python3-mwparserfromhell), printed as JSON. A whole process, like croupier's.

With `--warm N [K]` (the baseline of the warm parse): the page parsed N times in this process after one first
parse and K uncounted ones (0 by default), printed as JSON: the median milliseconds of mwparserfromhell.parse
alone and of the extraction."""
import json
import re
import statistics
import sys
import time

import mwparserfromhell


def plain(node):
    return re.sub(r"\s+", " ", mwparserfromhell.parse(str(node)).strip_code()).strip()


def is_cell(tag):
    return tag.tag in ("td", "th") and not str(tag).startswith("|+")  # a caption is a td with `|+`


def tables(text):
    out = []
    for table in mwparserfromhell.parse(text).filter_tags(matches=lambda t: t.tag == "table", recursive=True):
        headers, rows = [], []
        # The first row may stand without a `|-`: its cells are then the table's own children.
        first = table.contents.filter_tags(matches=is_cell, recursive=False)
        trs = table.contents.filter_tags(matches=lambda t: t.tag == "tr", recursive=False)
        for cells in ([first] if first else []) + [
            r.contents.filter_tags(matches=is_cell, recursive=False) for r in trs
        ]:
            if cells and all(c.tag == "th" for c in cells) and not headers:
                headers = [re.sub(r"\(.*?\)", "", plain(c.contents)).strip().lower() for c in cells]
                continue
            values = [plain(c.contents) for c in cells]
            rows.append(dict(zip(headers, values)))
        out.append({"headers": headers, "rows": rows})
    return out


def warm_median_ms(run, runs, skip):
    for _ in range(1 + skip):
        run()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as f:
        text = f.read()
    if len(sys.argv) > 3 and sys.argv[2] == "--warm":
        runs = int(sys.argv[3])
        skip = int(sys.argv[4]) if len(sys.argv) > 4 else 0
        json.dump(
            {"parse": warm_median_ms(lambda: mwparserfromhell.parse(text), runs, skip), "extract": warm_median_ms(lambda: tables(text), runs, skip)},
            sys.stdout,
        )
        sys.exit(0)
    result = tables(text)
    json.dump({"tables": result, "cards": sum(len(t["rows"]) for t in result)}, sys.stdout, ensure_ascii=False)
