"""How well the corpus splitter agrees with Voikko on the Finnish texts' compounds (issue 17).

``python -m bench.compounds`` (needs Voikko: ``apt-get install libvoikko1 voikko-fi
python3-libvoikko``).  For every word of the Finnish texts of six letters or more that Voikko
knows, Voikko's split (its analysis with the fewest parts) is taken as the reference and the
corpus splitter (:class:`bridgelaws.search.compounds.CorpusSplitter`, with the Finnish
settings of ``content/search.toml``) is scored against it: recall (Voikko's compounds it cuts
the same way), precision (its cuts that are Voikko's), and how many of the agreeing splits
end in a part whose printed form is not its base form (what the splitter cannot give:
``lähtö|kortista`` → ``kortti``).
"""

from __future__ import annotations

import random
from pathlib import Path

from bridgelaws.search import compounds
from bridgelaws.search.voikko import voikko_table
from bridgelaws.stage2_parse import load as loading

ROOT = Path(__file__).resolve().parents[2]


def main() -> None:
    corpus = loading.load(ROOT / "content" / "sources")
    words = compounds.text_words(corpus, "fi")
    voikko = voikko_table(words)
    setting = compounds.settings(ROOT / "content" / "search.toml")["fi"]
    splitter = compounds.CorpusSplitter(words, setting.links, setting.min_part, setting.open_tail, setting.endings)
    known = [word for word in compounds.candidates(words) if word not in voikko.unknown]
    reference = {word: voikko.splits[word].surface for word in known if word in voikko.splits}
    same = other = whole = extra = inflected = 0
    differing = []
    for word in known:
        mine = splitter.split(word)
        cut = mine.surface if mine else (word,)
        if word in reference:
            if cut == reference[word]:
                same += 1
                inflected += voikko.splits[word].parts[-1] != cut[-1]
            elif mine:
                other += 1
                differing.append((word, reference[word], cut))
            else:
                whole += 1
                differing.append((word, reference[word], cut))
        elif mine:
            extra += 1
            differing.append((word, (word,), cut))
    cut_by_splitter = same + other + extra
    total = len(compounds.candidates(words))
    print(f"Finnish words of {compounds.MIN_WORD}+ letters: {total}; Voikko knows {len(known)}")
    print(f"Voikko's compounds: {len(reference)}")
    recall = same / len(reference)
    print(f"corpus splitter: the same cut {same} ({recall:.0%} recall), another cut {other}, left whole {whole}")
    precision = same / max(1, cut_by_splitter)
    print(f"corpus splitter cuts {cut_by_splitter} words: {precision:.0%} as Voikko does, {extra} Voikko leaves whole")
    print(f"of the same cuts, {inflected} end in an inflected part Voikko gives the base form of (kortista → kortti)")
    for word, theirs, ours in random.Random(17).sample(differing, min(12, len(differing))):
        print(f"  {word}: Voikko {'|'.join(theirs)}, splitter {'|'.join(ours)}")


if __name__ == "__main__":
    main()
