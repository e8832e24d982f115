"""The benchmarks behind ``make bench``, kept out of the product package.

``report`` (build time, page weight, offline download, and the others' results into
``bench/report.md``), ``scale`` (build time on a synthetic corpus 1×/5×/20×), ``search`` (a
first search in headless Chromium), ``lighthouse`` (pinned Lighthouse, mobile), and
``localsite``: the built site on the loopback and Debian Chromium's path and flags, which the
browser tests share.
"""
