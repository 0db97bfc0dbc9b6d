webserver:
  port: 8080
  greeting: Hello from the example pillar.
