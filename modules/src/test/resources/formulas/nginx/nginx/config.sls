{%- set tplroot = tpldir.split('/')[0] %}
{%- set sls_package_install = tplroot ~ '.pkg' %}
{%- from tplroot ~ "/map.jinja" import nginx with context %}
{%- from tplroot ~ "/libtofs.jinja" import files_switch with context %}

include:
  - {{ sls_package_install }}

nginx-config-file-directory:
  file.directory:
    - names:
      - {{ nginx.conf_dir }}
      - {{ nginx.log_dir }}
    - makedirs: True

nginx-config-file-managed:
  file.managed:
    - name: {{ nginx.conf_file }}
    - source: {{ files_switch(['nginx.conf.jinja'], lookup='nginx-config-file-managed') }}
    - mode: '0644'
    - user: root
    - group: root
    - template: jinja
    - context:
        nginx: {{ nginx | json }}
    - require:
      - sls: {{ sls_package_install }}
      - file: nginx-config-file-directory
