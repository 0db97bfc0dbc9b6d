base:
  'web*':
    - webapp
