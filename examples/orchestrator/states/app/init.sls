# What the orchestrator applies to a fresh guest: its configuration, rendered from the pillar the
# orchestrator wrote for this VM, and a script that tells the orchestrator the guest is ready.
{% set app = pillar['app'] %}

{{ app['dir'] }}/app.conf:
  file.managed:
    - source: brine://app/app.conf.j2
    - template: jinja
    - makedirs: true
    - mode: "0640"

{{ app['dir'] }}/report-ready.sh:
  file.managed:
    - source: brine://app/report-ready.sh
    - mode: "0755"

report-ready:
  cmd.run:
    - name: {{ app['dir'] }}/report-ready.sh
    - env:
        BRINE: "{{ app['brine'] }}"
        MINION_CONFIG: "{{ app['minion_config'] }}"
    - onchanges:
      - file: {{ app['dir'] }}/app.conf
