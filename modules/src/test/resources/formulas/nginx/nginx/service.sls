{%- set tplroot = tpldir.split('/')[0] %}
{%- from tplroot ~ "/map.jinja" import nginx with context %}

include:
  - {{ tplroot }}.config

nginx-service-running-service-running:
  service.running:
    - name: {{ nginx.service }}
    - enable: True
    - watch:
      - file: nginx-config-file-managed
    - require:
      - pkg: nginx-package-install-pkg-installed
