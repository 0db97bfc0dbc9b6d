/tmp/brine-escape-should-never-exist:
  file.managed:
    - source: brine://../outside.txt
