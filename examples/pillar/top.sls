base:
  '*':
    - webserver
