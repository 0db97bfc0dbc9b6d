{%- set tplroot = tpldir.split('/')[0] %}
{%- from tplroot ~ "/map.jinja" import nginx with context %}

include:
  - {{ tplroot }}.service

{%- for server, settings in nginx.servers_managed | dictsort %}
{%- set available = nginx.servers.available_dir ~ '/' ~ server %}

nginx-servers-file-managed-{{ server }}:
  file.managed:
    - name: {{ available }}
    - makedirs: True
    - contents: |
        server {
            listen {{ settings.get('listen', 80) }};
            server_name {{ settings.server_name | join(' ') }};
        {%- for location, target in settings.get('locations', {}) | dictsort %}
            location {{ location }} { proxy_pass {{ target }}; }
        {%- endfor %}
        }
    - watch_in:
      - service: nginx-service-running-service-running

nginx-servers-file-symlink-{{ server }}:
  {%- if settings.get('enabled', True) %}
  file.symlink:
    - name: {{ nginx.servers.enabled_dir ~ '/' ~ server }}
    - target: {{ available }}
    - makedirs: True
    - require:
      - file: nginx-servers-file-managed-{{ server }}
  {%- else %}
  file.absent:
    - name: {{ nginx.servers.enabled_dir ~ '/' ~ server }}
  {%- endif %}
    - watch_in:
      - service: nginx-service-running-service-running
{%- endfor %}
