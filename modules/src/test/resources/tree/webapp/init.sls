# A small web application, rooted under pillar['base'] so tests can apply it anywhere.
{% set base = pillar['base'] %}
include:
  - .user

{{ base }}/etc:
  file.directory:
    - mode: "0755"
    - makedirs: true

{{ base }}/etc/app.conf:
  file.managed:
    - source: brine://webapp/app.conf.j2
    - template: jinja
    - mode: "0640"
    - user: {{ pillar['owner'] }}
    - require:
      - file: {{ base }}/etc
      - sls: webapp.user

{{ base }}/current:
  file.symlink:
    - target: {{ base }}/etc

{{ base }}/etc/motd:
  file.append:
    - text:
      - "Managed by Brine on {{ grains['id'] }}"
