-- The HTTP API's bearer tokens, shared by every master of the cluster: SHA-256 hashes only (a token is shown once,
-- when created), as in a master's own api_tokens.json.
CREATE TABLE api_tokens (
    name        text        PRIMARY KEY,
    sha256      bytea       NOT NULL CHECK (length(sha256) = 32),
    created_at  timestamptz NOT NULL,
    expires_at  timestamptz
);
