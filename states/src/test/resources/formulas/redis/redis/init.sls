include:
  - redis.server
