// Organization contracts: entities, branches, departments, subscriber lookups, audit trail (issue 5).
export {};
