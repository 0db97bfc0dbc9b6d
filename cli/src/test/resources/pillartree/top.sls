base:
  'alpha':
    - alpha
  'beta':
    - beta
