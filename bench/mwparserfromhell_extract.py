#!/usr/bin/python3
"""The baseline for `croupier parse --json` in `npm run bench`: the Cycle 16 ruleset's tables read by header
with mwparserfromhell (Debian's python3-mwparserfromhell), printed as JSON. A whole process, like croupier's.

With `--serve` (the baselines of the warm parse, kept alive): each line read, `parse N` or `extract N`, is answered
with one line of JSON: the milliseconds of each of N runs of it (`wall`), and the process's CPU time since its
previous answer (`cpu`, what it did while it waited included)."""
import json
import re
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


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as f:
        text = f.read()
    if len(sys.argv) > 2 and sys.argv[2] == "--serve":
        what = {"parse": lambda: mwparserfromhell.parse(text), "extract": lambda: tables(text)}
        since = time.process_time()
        for line in sys.stdin:
            name, n = line.split()
            times = []
            for _ in range(int(n)):
                start = time.perf_counter()
                what[name]()
                times.append((time.perf_counter() - start) * 1000)
            cpu, since = (time.process_time() - since) * 1000, time.process_time()
            print(json.dumps({"wall": times, "cpu": cpu}), flush=True)
        sys.exit(0)
    result = tables(text)
    json.dump({"tables": result, "cards": sum(len(t["rows"]) for t in result)}, sys.stdout, ensure_ascii=False)
