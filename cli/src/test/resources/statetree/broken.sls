good:
  cmd.run:
    - name: true
bad: [unclosed
