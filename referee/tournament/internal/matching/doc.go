// Package matching pairs the vertices of a graph at the least cost: among all matchings with
// the most edges, one of least total cost. A Swiss round is such a matching, of players on
// edges whose costs rank what a pairing should avoid (a rematch, then a gap in points, then a
// tie-break), so the pairing follows from the costs alone.
//
// It is Edmonds' weighted blossom algorithm in its primal-dual form (Galil, "Efficient
// algorithms for finding maximum matching in graphs", ACM Computing Surveys 18, 1986), as in
// van Rantwijk's public-domain mwmatching, in O(n³) time. Everything is integer arithmetic on
// doubled weights, so the result is exact, and it depends only on the input and its order: the
// same graph gives the same matching on every machine.
package matching
