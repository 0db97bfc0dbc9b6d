{% set base = pillar['base'] %}
{{ base }}/conf/app.conf:
  file.managed:
    - source: brine://files/app.conf.j2
    - template: jinja
    - makedirs: true
    - mode: "0640"

built-once:
  cmd.run:
    - name: echo built > {{ base }}/built
    - creates: {{ base }}/built
    - require:
      - file: {{ base }}/conf/app.conf
