{%- from "ntp/map.jinja" import ntp with context %}
{%- set settings = salt['pillar.get']('ntp:settings', {}) %}

ntp:
  pkg.installed:
    - name: {{ ntp.client }}

{% if settings.get('ntp_conf') %}
ntpd_conf:
  file.managed:
    - name: {{ ntp.ntp_conf }}
    - source: salt://ntp/files/ntp.conf
    - template: jinja
    - makedirs: True
    - context:
        config: {{ settings.ntp_conf | json }}
        drift_file: {{ ntp.drift_file }}
    - require:
      - pkg: ntp
{% endif %}

{%- if 'servers' in settings %}
ntp_servers_note:
  test.show_notification:
    - text: "{{ settings.servers | length }} servers: {{ settings.servers | join(', ') }}"
{%- endif %}
