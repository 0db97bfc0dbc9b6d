{%- set tplroot = tpldir.split('/')[0] %}
{%- from tplroot ~ "/map.jinja" import openssh with context %}
include:
  - {{ tplroot }}.config
  - {{ tplroot }}.known_hosts

openssh:
  pkg.installed:
    - name: {{ openssh.server }}
  service.running:
    - name: {{ openssh.service }}
    - enable: True
    - require:
      - pkg: openssh
    - watch:
      - file: sshd_config
