/** The gateway owns the `identity` schema and nothing else. */
export const IDENTITY_SCHEMA = 'identity';
