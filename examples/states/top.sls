# Highstate: every minion becomes a small web server.
base:
  '*':
    - webserver
