// Administration contracts: users, roles and rights, settings, profile, registration, API access (issue 5).
export {};
