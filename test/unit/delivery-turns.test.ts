import { describe, expect, it } from 'vitest';
import { type Candidate, takingTurns } from '../../src/modules/webhooks/delivery-claims.js';

/**
 * Issue 41: organizations take turns at a claim's slots. `takingTurns` is SQLite's pick among the
 * candidates; PostgreSQL's `due` in `claimOnPostgres` makes the same pick in SQL.
 */

// Organization 1 has deliveries 1, 2, 3 and 6; organization 2 has 4 and 5; organization 3 has 7.
const CANDIDATES: Candidate[] = [
  { id: 1, organization_id: 1 },
  { id: 2, organization_id: 1 },
  { id: 3, organization_id: 1 },
  { id: 4, organization_id: 2 },
  { id: 5, organization_id: 2 },
  { id: 6, organization_id: 1 },
  { id: 7, organization_id: 3 },
];

const ROWS: {
  name: string;
  candidates?: Candidate[];
  limit: number;
  maxPerOrganization: number;
  busy?: [number, number][];
  ids: number[];
}[] = [
  { name: 'nothing due', candidates: [], limit: 10, maxPerOrganization: 10, ids: [] },
  {
    name: "every organization's first before any one's second",
    limit: 10,
    maxPerOrganization: 10,
    ids: [1, 4, 7, 2, 5, 3, 6],
  },
  { name: 'the limit cuts after whole turns first', limit: 4, maxPerOrganization: 10, ids: [1, 4, 7, 2] },
  { name: 'a quota per organization', limit: 10, maxPerOrganization: 2, ids: [1, 4, 7, 2, 5] },
  {
    name: 'less what the organization is already sending',
    limit: 10,
    maxPerOrganization: 2,
    busy: [[1, 1]],
    ids: [1, 4, 7, 5],
  },
  {
    name: 'none of an organization already at its quota',
    limit: 10,
    maxPerOrganization: 2,
    busy: [
      [2, 2],
      [3, 5],
    ],
    ids: [1, 2],
  },
  {
    name: 'in id order whatever order the candidates came in',
    candidates: [...CANDIDATES].reverse(),
    limit: 10,
    maxPerOrganization: 10,
    ids: [1, 4, 7, 2, 5, 3, 6],
  },
];

describe('claims: organizations take turns', () => {
  it.each(ROWS)('$name', ({ candidates = CANDIDATES, limit, maxPerOrganization, busy = [], ids }) => {
    expect(takingTurns(candidates, { limit, maxPerOrganization, busyOrganizations: new Map(busy) })).toEqual(ids);
  });

  it('leaves the candidates as they were', () => {
    const candidates = [...CANDIDATES].reverse();
    const before = structuredClone(candidates);
    takingTurns(candidates, { limit: 3, maxPerOrganization: 1, busyOrganizations: new Map() });
    expect(candidates).toEqual(before);
  });
});
