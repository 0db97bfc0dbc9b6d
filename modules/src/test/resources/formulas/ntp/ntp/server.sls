{%- from "ntp/map.jinja" import ntp with context %}
{%- set settings = salt['pillar.get']('ntp:settings', {}) %}

include:
  - ntp

ntpd:
{%- if settings.get('ntpd', True) %}
  service.running:
    - enable: {{ settings.get('enabled', True) }}
    - name: {{ ntp.service.name }}
    - require:
      - pkg: ntp
    {%- if settings.get('ntp_conf') %}
    - watch:
      - file: ntpd_conf
    {%- endif %}
{%- else %}
  service.dead:
    - name: {{ ntp.service.name }}
    - enable: False
{%- endif %}
