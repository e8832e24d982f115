/* bridge-laws search engine: the one ranking of what a query names.  A candidate (a concept's
 * term, its vocabulary as a whole, a situation) is described by a few features, each a number;
 * its score is the sum of each feature times its weight, and the weights are data (search.toml
 * [engine] ranking, the data's `engine.ranking`; `bridgelaws-fit-ranking` fits them on the
 * development queries).  Pure: features in, order out. */

/** The features a candidate is scored by, in the order search.toml lists their weights:
 *  - firm:    the query's carrying words it holds as a term holds them (a shared stem at least);
 *  - loose:   those a situation holds only by the start of a compound ("aloitti" ~ "aloituslähtö");
 *  - rare:    its carrying words weighed by how rare each is (1 / the candidates holding it);
 *  - whole:   1 when a whole term places the words, 0 for a vocabulary as a whole (a bag);
 *  - exact:   1 when every word is as the term writes it, 0 for an inflection;
 *  - title:   1 for a law's title;
 *  - concept: 1 for a concept of the term base, 0 for a situation (the concept's term is the name);
 *  - cover:   the largest share of one of its phrases the query says (0 to 1). */
export const FEATURES = ["firm", "loose", "rare", "whole", "exact", "title", "concept", "cover"];

/** A candidate's score: each feature times its weight, summed. */
export function scoreOf(features, weights) {
  let score = 0;
  for (const name of FEATURES) score += (weights[name] ?? 0) * (features[name] ?? 0);
  return score;
}

/** The candidates, highest score first; equal scores by where their words start in the query,
 * then by their order in the term base (`at`, `order`): the same query always ranks alike.
 * Each candidate gets its `score`. */
export function ranked(candidates, weights) {
  for (const candidate of candidates) candidate.score = scoreOf(candidate.features, weights);
  return [...candidates].sort((a, b) => b.score - a.score || a.at - b.at || a.order - b.order);
}
