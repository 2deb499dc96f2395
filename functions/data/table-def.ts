/**
 * The table's key schema and indexes, defined once: the CDK data stack builds the TableV2 from
 * it and the local start-up creates the DynamoDB Local table from it (test/infra checks both agree).
 * Index names say which access patterns they serve; keys.ts lists those patterns.
 */
export const TABLE_DEFINITION = {
  partitionKey: 'PK',
  sortKey: 'SK',
  ttlAttribute: 'expiresAt',
  indexes: [
    /** Children of a parent, ordered: terms of a course track, sections of a term, lectures of a section, users newest first, all quizzes, a quiz's results and its attempts. */
    { name: 'byParent', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    /** Lectures of a term (the grant modal), the videos a quiz gates (AP31), a student's purchases by expiry. */
    { name: 'byTerm', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
    /**
     * Sparse: only items that carry GSI3PK — orders while they are pending (AP66, the reconciler's read)
     * and lectures by their normalised name (AP68, the grant's fallback), users once flagged for sharing (AP96). One index for all: CloudFormation
     * adds at most one index to a table per deploy.
     */
    { name: 'byLookup', partitionKey: 'GSI3PK', sortKey: 'GSI3SK' },
  ],
} as const;

export type IndexName = (typeof TABLE_DEFINITION.indexes)[number]['name'];
